import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function NewEmployeePage() {
  return (
    <PagePlaceholder
      title="Add Employee"
      description="Create a new employee record."
    />
  );
}
