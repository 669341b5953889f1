// Transactions over HTTP (spec 000 §7, DECISIONS §4): each route a declaration, then a thin handler
// calling the service that holds the rule. Fixed paths (export, pending, check-duplicates,
// bulk-approve) are declared before /transactions/:id so they are never read as an id.
import {
  ACCOUNTING_ROLES as ACCOUNTING,
  APPROVER_ROLES as APPROVING,
  CREATING_ROLES,
  FINANCE_AND_CLAIMANT_ROLES as WITH_CLAIMANTS,
  FINANCE_ROLES,
  PAGE_HEADERS,
} from "../../shared/constants";
import type { Request } from "express";
import {
  changeOwnerSchema,
  createTransactionSchema,
  deleteApprovalSchema,
  editTransactionSchema,
  emptyBodySchema,
  forceStatusSchema,
  fullOverrideSchema,
  markPaymentDueSchema,
  paymentSchema,
  pendingListAnswer,
  pendingQuerySchema,
  rejectTransactionSchema,
  transactionAnswer,
  transactionDeletedAnswer,
  transactionDetailsAnswer,
  transactionExportQuerySchema,
  transactionListAnswer,
  transactionListQuerySchema,
} from "../../shared/schemas/transactions";
import { bulkApproveAnswer, bulkApproveSchema, checkDuplicatesAnswer, checkDuplicatesSchema } from "../../shared/schemas/transaction-tools";
import { contextOf } from "../middlewares/auth";
import { csvFileName } from "../lib/csv";
import { keptAnswer } from "../answer-cache/keeper";
import { FEED_VERSION_HEADER } from "../../shared/ws-events";
import { ApiRouter } from "./api-router";
import { sendCsvDownload } from "./downloads";
import type { AppDeps } from "../context";
import { checkDuplicates, exportRows, EXPORT_HEADER, listPending, listTransactions, transactionDetails } from "../services/transactions/queries";
import {
  approveTransaction,
  bulkApprove,
  changeOwner,
  completeTransaction,
  createTransaction,
  deleteApproval,
  deleteTransaction,
  editTransaction,
  forceStatus,
  fullOverride,
  markPaymentDue,
  recordPayment,
  rejectTransaction,
  submitTransaction,
} from "../services/transactions/moves";
import { todayOf } from "../services/context";
import { idParamsOf } from "../../shared/schemas/params";

const SUPER = ["SuperAdmin"] as const;
const tag = "transactions";

export function transactionRoutes(deps: AppDeps): ApiRouter {
  const api = new ApiRouter();
  const ctx = (req: Request) => contextOf(deps, req);

  // ---------------------------------------------------------------- reading

  api.add(
    {
      method: "get",
      path: "/transactions",
      access: FINANCE_ROLES,
      summary: "List transactions (filters, page, summary)",
      query: transactionListQuerySchema,
      answer: transactionListAnswer,
      tag,
      keep: keptAnswer(deps, {
        reads: ["transactions", "transaction_search", "transaction_daily_totals", "transaction_day_changes", "categories", "users", "parties", "attachments"],
        uncounted: {
          transaction_search_summaries: "a search's kept days: each is used only while its day's version in transaction_day_changes (counted) holds",
        },
      }),
    },
    (req, _res, input) => listTransactions(ctx(req), input.query),
  );

  api.add(
    {
      method: "get",
      path: "/transactions/export",
      access: FINANCE_ROLES,
      summary: "Export transactions as CSV (same filters as the list)",
      query: transactionExportQuerySchema,
      produces: "text/csv",
      tag,
    },
    async (req, res, input) => {
      const filters = input.query;
      const fileName = csvFileName("transactions", todayOf(ctx(req)));
      await sendCsvDownload(res, fileName, EXPORT_HEADER, exportRows(ctx(req), filters));
    },
  );

  api.add(
    {
      method: "get",
      path: "/transactions/pending",
      access: APPROVING,
      summary:
        "Pending transactions, a page at a time: priority first, then oldest first (X-Total-Count, X-Page, X-Page-Size; X-Feed-Version, what the socket's pending feed is compared with)",
      query: pendingQuerySchema,
      answer: pendingListAnswer,
      tag,
      keep: keptAnswer(deps, {
        reads: ["transactions", "categories", "users", "parties", "attachments", "approvals", "delegations"],
        uncounted: {
          answer_changes: "the count itself: the list is stamped with the count its own statement saw (X-Feed-Version)",
          answer_changes_folded: "the count itself: the list is stamped with the count its own statement saw (X-Feed-Version)",
        },
      }),
    },
    async (req, res, input) => {
      const page = input.query;
      const { items, total, version } = await listPending(ctx(req), page);
      // What the pending feed's messages are compared with (shared/ws-events.ts).
      res.setHeader(FEED_VERSION_HEADER, version);
      res.setHeader(PAGE_HEADERS.total, String(total));
      res.setHeader(PAGE_HEADERS.page, String(page.page));
      res.setHeader(PAGE_HEADERS.limit, String(page.limit));
      return items;
    },
  );

  api.add(
    {
      method: "post",
      path: "/transactions/check-duplicates",
      access: ACCOUNTING,
      summary: "Transactions with the same category, amount and date (create form)",
      body: checkDuplicatesSchema,
      answer: checkDuplicatesAnswer,
      tag,
    },
    async (req, _res, input) => ({ duplicates: await checkDuplicates(ctx(req), input.body) }),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/bulk-approve",
      access: APPROVING,
      summary: "Approve several transactions, each reported on its own",
      body: bulkApproveSchema,
      answer: bulkApproveAnswer,
      tag,
    },
    async (req, _res, input) => bulkApprove(ctx(req), input.body.ids),
  );

  api.add(
    {
      method: "get",
      path: "/transactions/:id",
      access: WITH_CLAIMANTS,
      summary: "One transaction with approvals, attachments and possible duplicates",
      params: idParamsOf("Transaction"),
      answer: transactionDetailsAnswer,
      tag,
    },
    (req, _res, input) => transactionDetails(ctx(req), input.params.id),
  );

  // ---------------------------------------------------------------- moves

  api.add(
    {
      method: "post",
      path: "/transactions",
      access: CREATING_ROLES,
      summary: "Create a transaction (always a Draft)",
      body: createTransactionSchema,
      answer: transactionAnswer,
      status: 201,
      tag,
    },
    async (req, res, input) => {
      const created = await createTransaction(ctx(req), input.body);
      res.status(201);
      return created;
    },
  );

  api.add(
    {
      method: "patch",
      path: "/transactions/:id",
      access: WITH_CLAIMANTS,
      summary: "Edit a Draft or Rejected transaction (owner)",
      body: editTransactionSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => editTransaction(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/:id/submit",
      access: WITH_CLAIMANTS,
      summary: "Submit for approval (owner or SuperAdmin)",
      body: emptyBodySchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => submitTransaction(ctx(req), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/:id/approve",
      access: APPROVING,
      summary: "Approve a Pending transaction",
      body: emptyBodySchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => approveTransaction(ctx(req), input.params.id),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/:id/reject",
      access: APPROVING,
      summary: "Reject a Pending transaction",
      body: rejectTransactionSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => rejectTransaction(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "delete",
      path: "/approvals/:id",
      access: SUPER,
      summary: "Delete one approval, with a reason; the count is recomputed",
      body: deleteApprovalSchema,
      params: idParamsOf("Approval"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => deleteApproval(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/:id/mark-payment-due",
      access: ACCOUNTING,
      summary: "Mark an Approved transaction payment due",
      body: markPaymentDueSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => markPaymentDue(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "patch",
      path: "/transactions/:id/payment",
      access: ACCOUNTING,
      summary: "Process (→ Paid) or cancel a payment",
      body: paymentSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => recordPayment(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "post",
      path: "/transactions/:id/complete",
      access: ACCOUNTING,
      summary: "Complete a Paid transaction",
      body: emptyBodySchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => completeTransaction(ctx(req), input.params.id),
  );

  api.add(
    {
      method: "delete",
      path: "/transactions/:id",
      access: WITH_CLAIMANTS,
      summary: "Delete a transaction (SuperAdmin; the owner while Draft)",
      params: idParamsOf("Transaction"),
      answer: transactionDeletedAnswer,
      tag,
    },
    (req, _res, input) => deleteTransaction(ctx(req), input.params.id),
  );

  // ---------------------------------------------------------------- SuperAdmin overrides

  api.add(
    {
      method: "put",
      path: "/admin/transactions/:id/full-override",
      access: SUPER,
      summary: "Override any field of a transaction",
      body: fullOverrideSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => fullOverride(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "post",
      path: "/admin/transactions/:id/force-status",
      access: SUPER,
      summary: "Force a status (Approved, Rejected, Draft) with a reason",
      body: forceStatusSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => forceStatus(ctx(req), input.params.id, input.body),
  );

  api.add(
    {
      method: "post",
      path: "/admin/transactions/:id/change-owner",
      access: SUPER,
      summary: "Give a transaction to another owner, with a reason",
      body: changeOwnerSchema,
      params: idParamsOf("Transaction"),
      answer: transactionAnswer,
      tag,
    },
    (req, _res, input) => changeOwner(ctx(req), input.params.id, input.body),
  );

  return api;
}
