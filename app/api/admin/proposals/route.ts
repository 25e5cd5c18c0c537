// GET /api/admin/proposals?status=PENDING|APPROVED|REJECTED|EXPIRED&page&limit — the four-eyes queue: { items,
// total, page, limit }, pending first (the oldest, next to expire, on top), then the decided newest first. Each
// item: { id, kind, target, payload (decimal strings), reason, proposedBy, status, decidedBy, decidedAt,
// decisionNote, createdAt, expiresAt, postingId, current }; a pending proposal past its 72 hours reads EXPIRED;
// current: the values the change would replace, read now (lib/admin/proposal-current.ts), null once decided.
import { withAdmin } from "@/lib/api/with-auth";
import { listProposals } from "@/lib/admin/proposals";
import { readQuery } from "@/lib/validation/wallet";
import { proposalListSchema } from "@/lib/validation/proposals";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => listProposals(readQuery(req, proposalListSchema)), {
  permission: "proposals.read",
});
