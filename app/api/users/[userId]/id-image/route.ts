/** GET /api/users/{userId}/id-image — { url } of the member's ID image, for the member or an admin. */
import { getDb } from "@/db/client";
import { withUser } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";
import { idImageUrlOf } from "@/lib/kyc/documents";

export const GET = withUser<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  return { url: await idImageUrlOf(await getDb(), target.id) };
});
