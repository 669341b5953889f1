import { useParams } from "wouter";
import { EmergencyDecision } from "../components/EmergencyDecision";

// Public page (no sign-in, no shell): /emergency-approve/:token (spec 001 §2).
export default function EmergencyApprovePage() {
  const { token = "" } = useParams<{ token: string }>();
  return <EmergencyDecision token={token} action="approve" />;
}
