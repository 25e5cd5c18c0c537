/** GET /api/admin/waiting: how many items wait in each queue, as the viewer sees the queues (client-safe type). */
export type WaitingDto = {
  /** ID documents awaiting review (the /admin/id-reviews queue). */
  idReviews: number;
  /** Members' PENDING deposit, withdraw and transfer requests whose quote has not expired (the request queue). */
  requests: number;
  /** Four-eyes proposals PENDING and not expired (/admin/approvals). */
  approvals: number;
};
