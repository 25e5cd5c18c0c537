// DELETE /api/transfer-requests/{id} — the member cancels their own PENDING request; the hold goes back to
// staked at once. 200 { request: { id, status: "CANCELLED" } }; not theirs → 404; no longer pending → 409 CONFLICT;
// a deposit whose quote ran out → 409 REQUEST_EXPIRED.
import { withUser } from "@/lib/api/with-auth";
import { numericIdOrThrow } from "@/lib/validation/wallet";
import { cancelRequest } from "@/lib/wallet/request-decisions";

export const dynamic = "force-dynamic";

export const DELETE = withUser<{ id: string }>(async ({ params, user, ip, requestId }) => {
  const id = numericIdOrThrow(params.id);
  const request = await cancelRequest({ id, userId: user.id, ip, requestId });
  return { request: { id: request.id, status: request.status } };
});
