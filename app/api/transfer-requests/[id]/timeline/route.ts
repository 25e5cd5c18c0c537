// GET /api/transfer-requests/{id}/timeline — [{ status, by, actorUserId, reason, createdAt }], oldest first:
// every status change of the request. The owner or an admin; anyone else → 404.
import { getDb } from "@/db/client";
import { requestOwner, requestTimeline } from "@/db/queries/requests";
import { withUser, json } from "@/lib/api/handler";
import { isAdmin } from "@/lib/auth/guards";
import { AppError } from "@/lib/errors";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withUser<{ id: string }>(async ({ params, user }) => {
  const id = numericIdOrThrow(params.id);
  const db = await getDb();
  const ownerId = await requestOwner(db, id);
  const admin = isAdmin(user);
  if (ownerId === null || (ownerId !== user.id && !admin)) throw new AppError("NOT_FOUND");
  return json(await requestTimeline(db, { requestId: id, ownerId, forAdmin: admin }));
});
