// A notification as the header and sidebar show it (spec 000 §3, DECISIONS §6:
// GET /api/notifications answers these, newest first, the latest 50).
export type AppNotification = {
  id: string;
  /** 'transaction_pending', 'user_notification', … */
  type: string;
  message: string;
  isPriority: boolean;
  transactionId?: string | null;
  humanReadableId?: string | null;
  category?: string | null;
  isRead: boolean;
  createdAt: string;
};
