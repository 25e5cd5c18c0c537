// POST /api/admin/requests/{id}/return { reason } — the receiving exchange refused a PENDING transfer or withdrawal
// through its Travel Rule service: it becomes RETURNED (반환됨) exactly once, its hold goes back to staked as with a
// rejection, and the member is notified with the reason (lib/wallet/request-decisions.ts returnRequest).
// 200 { request }; reason missing, empty or over 500 characters → 400 VALIDATION; a deposit or a request no longer
// PENDING → 409 CONFLICT; unknown → 404. Accepts Idempotency-Key. ADMIN or SUPERADMIN, on another member's request.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { adminReturnSchema, numericIdOrThrow } from "@/lib/validation/wallet";
import { returnRequest } from "@/lib/wallet/request-decisions";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = numericIdOrThrow(params.id);
    const input = await readJson(req, adminReturnSchema);
    return idempotent(req, user.id, `POST /api/admin/requests/${id}/return`, input, async (tx) => {
      const request = await returnRequest(tx, { id, adminId: user.id, reason: input.reason, ip, requestId });
      return { status: 200, body: { request } };
    });
  },
  { permission: "request.decide", target: "request-owner" },
);
