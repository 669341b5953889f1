import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Public page (no sign-in, no shell).
// Placeholder: the screen itself is built by later work; keep the default export.
export default function EmergencyPage() {
  return (
    <PagePlaceholder fullPage
      title="Emergency"
      description="Emergency lockdown status and controls."
    />
  );
}
