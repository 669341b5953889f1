// An expense claim (/me/claims/new, and /me/claims/new?edit=<id> for an own Draft or Rejected one;
// DECISIONS §15): the transaction form in its claims mode (the categories open to claims, Form B, no
// party), then back to My Claims.
import { Link, useLocation, useSearch } from "wouter";
import { Alert, CenteredSpinner, buttonVariants } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { PATHS } from "@/lib/paths";
import { useCategories } from "@/features/categories";
import { TransactionForm, useEditableSnapshot } from "@/features/transactions";

export default function ClaimFormPage() {
  const editId = new URLSearchParams(useSearch()).get("edit");
  return editId ? <EditClaim key={editId} id={editId} /> : <NewClaim />;
}

function NewClaim() {
  const [, navigate] = useLocation();
  const categories = useCategories();
  if (categories.isPending) return <CenteredSpinner label="Loading form" />;
  if (categories.isError)
    return (
      <Alert variant="destructive" title="Could not load categories">
        {errorMessage(categories.error, "Please reload the page.")}
      </Alert>
    );
  if (!categories.data.some((c) => c.openToClaims && c.isActive)) {
    return (
      <Alert variant="info" title="No category is open to claims yet">
        Ask your administrator to open a category to expense claims.
      </Alert>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <TransactionForm claim categories={categories.data} onEditDone={() => navigate(PATHS.meClaims)} onStartNew={() => navigate(PATHS.meClaims)} />
    </div>
  );
}

function EditClaim({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const categories = useCategories();
  const { query, snapshot, editable } = useEditableSnapshot(id);

  if (categories.isPending || (query.isPending && !snapshot)) return <CenteredSpinner label="Loading form" />;
  if (snapshot && categories.data) {
    return (
      <div className="mx-auto max-w-3xl">
        <TransactionForm
          claim
          categories={categories.data}
          editing={snapshot}
          onEditDone={() => navigate(PATHS.meClaims)}
          onStartNew={() => navigate(PATHS.meClaims)}
        />
      </div>
    );
  }
  if (editable) return <CenteredSpinner label="Loading form" />;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <Alert variant="warning" title="This claim cannot be edited">
        {query.isError ? errorMessage(query.error, "It could not be loaded.") : "Only your own Draft or Rejected claims can be edited."}
      </Alert>
      <div>
        <Link href={PATHS.meClaims} className={buttonVariants({ variant: "outline" })}>
          View My Claims
        </Link>
      </div>
    </div>
  );
}
