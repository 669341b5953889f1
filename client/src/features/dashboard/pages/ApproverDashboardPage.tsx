import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function ApproverDashboardPage() {
  return (
    <PagePlaceholder
      title="Pending Approvals"
      description="Review pending approvals: emergency items first, then the regular queue, with totals."
    />
  );
}
