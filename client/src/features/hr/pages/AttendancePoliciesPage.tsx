import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function AttendancePoliciesPage() {
  return (
    <PagePlaceholder
      title="Attendance Policies"
      description="Shift start, late grace, full and half day hours, and holidays."
    />
  );
}
