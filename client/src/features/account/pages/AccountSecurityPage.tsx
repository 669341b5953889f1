// /account/security (DECISIONS §13): every signed-in user's passkeys, authenticator app and recovery codes.
import { SecurityPanels } from "../components/SecurityPanels";

export default function AccountSecurityPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <SecurityPanels />
    </div>
  );
}
