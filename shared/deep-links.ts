// The addresses a push or an email opens (DECISIONS §14): the thing itself, not a list to search.
// The server writes them into what it sends; the pages read the same parameters.

/** The query parameter of the pending page that opens a transaction's review sheet. */
export const REVIEW_PARAM = "review";
/** The query parameter of a transaction list that opens a transaction's dialog. */
export const OPEN_PARAM = "open";

export const deepLinks = {
  /** An approver's: the review sheet of that transaction on the pending page. */
  review: (transactionId: string) => `/pending-approvals?${REVIEW_PARAM}=${encodeURIComponent(transactionId)}`,
  /** An owner's: the transaction's dialog on My Transactions. */
  ownTransaction: (transactionId: string) => `/my-transactions?${OPEN_PARAM}=${encodeURIComponent(transactionId)}`,
  /** An employee's: their expense claim's dialog on My Claims (an Employee login has no My Transactions). */
  ownClaim: (transactionId: string) => `/me/claims?${OPEN_PARAM}=${encodeURIComponent(transactionId)}`,
  /** Anyone else who may see every transaction (a SuperAdmin's alert): its dialog on All Transactions. */
  transaction: (transactionId: string) => `/transactions?${OPEN_PARAM}=${encodeURIComponent(transactionId)}`,
  notificationSettings: "/account/notifications",
  home: "/",
} as const;
