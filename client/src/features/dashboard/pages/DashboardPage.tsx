import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function DashboardPage() {
  return (
    <PagePlaceholder
      title="Dashboard"
      description="Welcome back: pending and approved-today counts, month and unpaid totals for SuperAdmin, and the five most recent transactions."
    />
  );
}
