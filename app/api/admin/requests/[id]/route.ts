// PATCH /api/admin/requests/{id} { action: "approve" | "reject", reason? } — handles a PENDING request exactly once:
// approve pays out (held → external + fee → fees) or credits a deposit (external → holding); reject releases the
// hold. 200 { request: { id, type, status, ... } }; already handled → 409 CONFLICT. Accepts Idempotency-Key.
import { requestDto } from "@/db/queries/requests";
import { readJson, withAdmin } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { adminDecisionSchema, numericIdOrThrow } from "@/lib/validation/wallet";
import { decideRequest } from "@/lib/wallet/requests";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const id = numericIdOrThrow(params.id);
  const input = await readJson(req, adminDecisionSchema);
  return idempotent(req, user.id, `PATCH /api/admin/requests/${id}`, input, async (tx) => {
    const row = await decideRequest(tx, {
      id,
      adminId: user.id,
      action: input.action,
      reason: input.reason || null,
      ip,
      requestId,
    });
    return { status: 200, body: { request: requestDto(row) } };
  });
});
