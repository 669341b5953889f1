import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function UserManagementPage() {
  return (
    <PagePlaceholder
      title="User Management"
      description="System users, roles, visibility windows, password resets and status."
    />
  );
}
