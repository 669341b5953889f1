import { PagePlaceholder } from "@/components/layout/PagePlaceholder";

// Rendered inside the shell; the route guard in app/permissions.ts has already checked the role.
// Placeholder: the screen itself is built by later work; keep the default export.
export default function CreateTransactionPage() {
  return (
    <PagePlaceholder
      title="Create Transaction"
      description="Raise a Form R receipt or Form B bill with category fields and attachments, then submit it for approval."
    />
  );
}
