import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Public page (no sign-in, no shell).
// Placeholder: the screen itself is built by later work; keep the default export.
export default function EmergencyApprovePage() {
  return (
    <PagePlaceholder fullPage
      title="Emergency Approval"
      description="Approve an urgent transaction from an emergency approval link."
    />
  );
}
