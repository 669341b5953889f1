// The transaction details dialog loads when a transaction is first opened: a list does not need its
// code (history, attachments, payment panel, overrides) until then (DECISIONS §9).
import type { ComponentProps } from "react";
import { lazyDialog } from "@/lib/lazy-dialog";
import type { TransactionDetailsDialog as Loaded } from "./TransactionDetailsDialog";

export const TransactionDetailsDialog = lazyDialog<ComponentProps<typeof Loaded>>(
  () => import("./TransactionDetailsDialog").then((m) => m.TransactionDetailsDialog),
  (p) => p.open,
);
