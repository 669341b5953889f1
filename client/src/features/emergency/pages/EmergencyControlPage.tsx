import { EmergencyControls } from "../components/EmergencyControls";

// /admin/emergency, inside the shell (spec 001 §2): lockdown control and the emergency approvers.
export default function EmergencyControlPage() {
  return <EmergencyControls />;
}
