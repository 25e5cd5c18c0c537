// POST /api/admin/requests/{id}/fail { reason } — 송금 실패 처리: an APPROVED transfer/withdraw that cannot be paid out
// becomes FAILED exactly once; amount and fee go back to the member's staking in one posting, the member is notified
// with the reason (lib/wallet/payouts.ts failPayout). Racing a payout, exactly one of them happens. 200 { request };
// reason missing, empty or over 500 characters → 400 VALIDATION; not APPROVED (SENDING, PAID, a deposit…) → 409
// CONFLICT; unknown → 404. Accepts Idempotency-Key. ADMIN or SUPERADMIN, on another member's request.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { payoutFailSchema } from "@/lib/validation/payouts";
import { numericIdOrThrow } from "@/lib/validation/wallet";
import { failPayout } from "@/lib/wallet/payouts";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    const input = await readJson(req, payoutFailSchema);
    return idempotent(req, user.id, `POST /api/admin/requests/${id}/fail`, input, async (tx) => {
      const request = await failPayout(tx, { id, adminId: user.id, reason: input.reason, ip, requestId });
      return { status: 200, body: { request } };
    });
  },
  { permission: "request.payout", target: "request-owner" },
);
