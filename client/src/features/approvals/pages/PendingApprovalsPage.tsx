import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function PendingApprovalsPage() {
  return (
    <PagePlaceholder
      title="Pending Approvals"
      description="Emergency and regular transactions waiting for your approval."
    />
  );
}
