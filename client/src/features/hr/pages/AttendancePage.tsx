import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function AttendancePage() {
  return (
    <PagePlaceholder
      title="Attendance"
      description="Daily attendance with hours, violations and manual corrections."
    />
  );
}
