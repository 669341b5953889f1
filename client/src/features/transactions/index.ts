// What other features (the dashboards, the approvals page) may use of transactions: their only
// way in (eslint.config.js). The app shell and the route table may still open pages directly.
export { transactionApi, useDashboardStats, useFinanceMutation, useTransactionList, type BulkApproveResult, type PendingItem } from "./api";
export { usePendingTransactions } from "./pending-list";
export { accountantRecent } from "./rules";
export { StatusBadge, statusLabel } from "./components/badges";
// DECISIONS §15: the "Me" pages file an employee's expense claims with the same form.
export { TransactionForm } from "./components/LazyTransactionForm";
export { useEditableSnapshot } from "./editable-snapshot";
export { EmergencyQueueSection, ListSkeleton, PendingQueueStatus } from "./components/ListParts";
export { PendingTransactionCard } from "./components/PendingTransactionCard";
export { TransactionCard } from "./components/TransactionCard";
export { ActedNotice, ApprovalActions, PHONE_SHEET } from "./components/ApprovalActions";
export { TransactionDetailsDialog } from "./components/LazyTransactionDetailsDialog";
