// POST /api/admin/requests/{id}/payout { txHash } — 송금 완료 처리: the operator sent an APPROVED transfer/withdraw and
// records the transaction hash (lib/wallet/payouts.ts). With RPC_URL_<NET> the receipt is read first (no database
// lock held meanwhile) and must prove the payout: success, a Transfer of the network's WLD token to the request's
// address for exactly its amount (from PAYOUT_WALLET_<NET> when set), a hash no other request used — else 422
// PAYOUT_MISMATCH { mismatch, detail, used? } and nothing changes; an endpoint that cannot be read → 503
// CHAIN_UNAVAILABLE. Accepted → SENDING (VERIFIED, PAID at once when already confirmed enough); without an RPC
// endpoint → SENDING UNVERIFIED (확인 불가), never PAID. 200 { request }; not APPROVED → 409 CONFLICT; unknown → 404;
// malformed hash → 400 VALIDATION. Accepts Idempotency-Key. ADMIN or SUPERADMIN, on another member's request.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { payoutRecordSchema } from "@/lib/validation/payouts";
import { numericIdOrThrow } from "@/lib/validation/wallet";
import { provePayout, recordPayout } from "@/lib/wallet/payouts";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    const input = await readJson(req, payoutRecordSchema);
    const route = `POST /api/admin/requests/${id}/payout`;
    // The chain is read before the transaction opens; a replayed Idempotency-Key answers from its first outcome.
    const proof = await provePayout(id, input.txHash).catch((e) => e as Error);
    return idempotent(req, user.id, route, input, async (tx) => {
      if (proof instanceof Error) throw proof;
      const request = await recordPayout(tx, { id, adminId: user.id, proof, ip, requestId });
      return { status: 200, body: { request } };
    });
  },
  { permission: "request.payout", target: "request-owner" },
);
