// Delegations (/admin/delegations, SuperAdmin; DECISIONS §11): everyone's delegations of approval
// authority, recorded for anyone, ended early with a reason.
import { useCurrentUser } from "@/lib/session";
import { DelegationSection } from "../components/DelegationSection";

export default function DelegationsAdminPage() {
  const me = useCurrentUser();
  return <DelegationSection me={me} all />;
}
