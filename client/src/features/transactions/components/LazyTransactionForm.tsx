// The transaction form as other features open it (an employee's claim, DECISIONS §15): loaded with
// the screen that draws it, so the dashboards and lists that share this feature's way in never
// fetch the form and react-hook-form (DECISIONS §9).
import { lazy, Suspense, type ComponentProps } from "react";
import { CenteredSpinner } from "@/components/ui/spinner";
import type { TransactionForm as Loaded } from "./TransactionForm";

const Form = lazy(() => import("./TransactionForm").then((m) => ({ default: m.TransactionForm })));

export function TransactionForm(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={<CenteredSpinner label="Loading the form" />}>
      <Form {...props} />
    </Suspense>
  );
}
