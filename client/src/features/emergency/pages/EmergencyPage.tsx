import { EmergencyControls } from "../components/EmergencyControls";

// /emergency: the same control page on its own frame (no shell), for a small watch screen.
// SuperAdmins only; anyone else is told so and offered the way home.
export default function EmergencyPage() {
  return <EmergencyControls standalone />;
}
