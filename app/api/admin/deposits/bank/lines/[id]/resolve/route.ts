// POST /api/admin/deposits/bank/lines/{id}/resolve — a person resolves a bank statement line waiting for review:
// { action: "match", requestId } credits that deposit with the line's KRW as the KRW received (the quoted price when
// it arrived in time, a fresh one after: 503 PRICE_UNAVAILABLE without one), through the same approval and four-eyes
// as PATCH /api/admin/requests/{id}; { action: "dismiss", reason (1–500) } sets it aside. 200 { line, request } or
// 202 { line, proposal } (the credit waits for a second administrator); { line } for a dismissal. Unknown line or
// deposit → 404; a line no longer in review or a deposit already paid → 409 CONFLICT; the caller's own deposit → 403
// SELF_ACTION. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { resolveLine, resolveRepriceFor } from "@/lib/deposits/match";
import { bankLineResolveSchema } from "@/lib/validation/deposits";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const lineId = numericIdOrThrow(params.id);
    const input = await readJson(req, bankLineResolveSchema);
    // A fresh price is read before the transaction opens, and only when the line arrived after the quote ran out.
    const reprice = await resolveRepriceFor(lineId, input);
    const route = `POST /api/admin/deposits/bank/lines/${lineId}/resolve`;
    return idempotent(req, user.id, route, input, async (tx) => {
      const out = await resolveLine(tx, {
        lineId,
        input,
        admin: { id: user.id, role: user.role, ip, requestId },
        reprice,
      });
      return { status: out.proposal ? 202 : 200, body: out };
    });
  },
  { permission: "request.decide" },
);
