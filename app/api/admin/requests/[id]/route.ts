// PATCH /api/admin/requests/{id} { action: "approve" | "reject", reason?, krwReceived? } — handles a PENDING request
// exactly once: approve reserves the payout (held → payouts + fee → fees; APPROVED = to be sent, then …/payout
// records the hash, lib/wallet/payouts.ts) or credits a deposit (external → holding); reject
// releases the hold. A deposit's approval names krwReceived (the KRW that actually arrived, whole won; without it
// 400 KRW_RECEIVED_REQUIRED), credited at the quoted price while the quote holds. A deposit whose 10-minute quote
// ran out is EXPIRED: only approval remains, re-priced at a fresh price (else 503 PRICE_UNAVAILABLE). 200 { request: { id, type, status, awaitingApproval, ... } }; already handled →
// 409 CONFLICT, expired → 409 REQUEST_EXPIRED. Accepts Idempotency-Key.
// Four-eyes: a deposit whose WLD would take this administrator's or the member's rolling 24-hour total above
// FOUR_EYES_LIMIT is not credited: 202 { proposal } (kind `deposit`; the reason is `reason`, the memo, or the
// request), and another administrator approves it in /admin/approvals. While it waits, approving the request again
// → 409 REQUEST_AWAITING_APPROVAL; rejecting it cancels the proposal.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { idempotent } from "@/lib/api/idempotency";
import { proposalOutcome } from "@/lib/admin/proposals";
import { adminDecisionSchema, numericIdOrThrow } from "@/lib/validation/wallet";
import { repriceFor } from "@/lib/wallet/deposit-quotes";
import { decideRequest } from "@/lib/wallet/request-decisions";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    const input = await readJson(req, adminDecisionSchema);
    const asked = { ...input, krwReceived: input.krwReceived?.toFixed() };
    // The fresh price is read before the transaction opens (a slow feed must not hold database locks); only
    // an approval re-prices: a rejection carrying krwReceived is refused 400 by the decision, never 503.
    const reprice = input.krwReceived !== undefined && input.action === "APPROVE" ? await repriceFor(id) : null;
    return idempotent(req, user.id, `PATCH /api/admin/requests/${id}`, asked, async (tx) => {
      const decision = await decideRequest(tx, {
        id,
        adminId: user.id,
        adminRole: user.role,
        action: input.action,
        reason: input.reason || null,
        krwReceived: input.krwReceived,
        reprice,
        ip,
        requestId,
      });
      if ("proposal" in decision) return proposalOutcome(decision.proposal);
      return { status: 200, body: { request: decision.request } };
    });
  },
  { permission: "request.decide", target: "request-owner" },
);
