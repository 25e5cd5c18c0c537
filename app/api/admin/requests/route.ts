// GET /api/admin/requests?type&status&page&limit — every member's deposit, withdraw and transfer requests, PENDING
// first, then oldest first: { items: [{ id, type, status, coinSymbol, amount, fee, total, krwAmount, priceKrw,
//   krwValue, wallet: { network, exchange, address } | null, reason, quoteExpiresAt, createdAt, updatedAt,
//   user: { id, userId, name }, pendingProposalId }], total, totalCapped }. krwValue is the KRW value at request time
// (a deposit's krwAmount; else total × the stored price, null without one); pendingProposalId: the `deposit`
// proposal an approved deposit waits on for a second administrator (승인 대기), else null. type
// DEPOSIT|WITHDRAW|TRANSFER, status PENDING|APPROVED|REJECTED|CANCELLED|EXPIRED (case-insensitive); limit ≤ 50.
// ADMIN or SUPERADMIN; an ADMIN's queue has no SUPERADMIN account's requests (they may not read one).
import { withAdmin } from "@/lib/api/with-auth";
import { requestQueue } from "@/lib/admin/lists";
import { now } from "@/lib/clock";
import { adminRequestQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req, user }) => requestQueue(user, { ...readQuery(req, adminRequestQuerySchema), at: now() }),
  { permission: "requests.list" },
);
