// Create Transaction (/create-transaction), and editing a Draft or Rejected transaction with
// /create-transaction?edit=<id> (the same form; PATCH, then submit).
import { Link, useLocation, useSearch } from "wouter";
import { Alert } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { CenteredSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useCategories } from "@/features/categories";
import { useEditableSnapshot } from "../editable-snapshot";
import { TransactionForm } from "../components/TransactionForm";

export default function CreateTransactionPage() {
  const search = useSearch();
  const editId = new URLSearchParams(search).get("edit");
  // A new key per address: switching between editing and a fresh form starts over.
  return editId ? <EditTransaction key={editId} id={editId} /> : <NewTransaction />;
}

function NewTransaction() {
  const categories = useCategories();
  if (categories.isPending) return <CenteredSpinner label="Loading form" />;
  if (categories.isError) return <CategoriesError error={categories.error} />;
  return (
    <div className="mx-auto max-w-3xl">
      <TransactionForm categories={categories.data} />
    </div>
  );
}

function CategoriesError({ error }: { error: unknown }) {
  return (
    <Alert variant="destructive" title="Could not load categories">
      {errorMessage(error, "Please reload the page.")}
    </Alert>
  );
}

function EditTransaction({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const categories = useCategories();
  const { query, snapshot, editable } = useEditableSnapshot(id);

  if (categories.isPending || (query.isPending && !snapshot)) return <CenteredSpinner label="Loading form" />;
  if (categories.isError) return <CategoriesError error={categories.error} />;
  if (snapshot) {
    return (
      <div className="mx-auto max-w-3xl">
        <TransactionForm
          categories={categories.data}
          editing={snapshot}
          onEditDone={() => navigate("/my-transactions")}
          onStartNew={() => navigate("/create-transaction")}
        />
      </div>
    );
  }
  if (editable) return <CenteredSpinner label="Loading form" />;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <Alert variant="warning" title="This transaction cannot be edited">
        {query.isError ? errorMessage(query.error, "It could not be loaded.") : "Only your own Draft or Rejected transactions can be edited."}
      </Alert>
      <div>
        <Link href="/my-transactions" className={buttonVariants({ variant: "outline" })}>
          View My Transactions
        </Link>
      </div>
    </div>
  );
}
