// GET /api/transfer-requests/{id}/timeline — [{ status, by, actorUserId, reason, createdAt }], oldest first:
// every status change of the request. The owner, or an administrator under the target rules; anyone else → 404.
import { json } from "@/lib/api/handler";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { numericIdOrThrow } from "@/lib/validation/wallet";
import { requestTimelineOf } from "@/lib/wallet/history";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ id: string }>(
  async ({ params, target, self }) => {
    const id = numericIdOrThrow(params.id);
    return json(await requestTimelineOf({ requestId: id, ownerId: target.id, forAdmin: !self }));
  },
  { permission: "member.read", target: "request-owner" },
);
