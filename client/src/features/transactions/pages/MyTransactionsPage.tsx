import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function MyTransactionsPage() {
  return (
    <PagePlaceholder
      title="My Transactions"
      description="Your submitted transactions with search, status filter and details."
    />
  );
}
