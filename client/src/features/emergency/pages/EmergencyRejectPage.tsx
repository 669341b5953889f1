import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Public page (no sign-in, no shell).
// Placeholder: the screen itself is built by later work; keep the default export.
export default function EmergencyRejectPage() {
  return (
    <PagePlaceholder fullPage
      title="Emergency Rejection"
      description="Reject an urgent transaction from an emergency rejection link."
    />
  );
}
