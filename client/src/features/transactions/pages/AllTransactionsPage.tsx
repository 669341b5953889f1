import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function AllTransactionsPage() {
  return (
    <PagePlaceholder
      title="All Transactions"
      description="The complete transaction history with search, filters, summary and CSV export."
    />
  );
}
