import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Public page (no sign-in, no shell).
// Placeholder: the screen itself is built by later work; keep the default export.
export default function LockoutPage() {
  return (
    <PagePlaceholder fullPage
      title="System Lockdown"
      description="Your access is blocked while the emergency lockdown is active."
    />
  );
}
