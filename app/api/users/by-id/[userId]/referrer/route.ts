// POST /api/users/by-id/{userId}/referrer { refCode } — sets the member's referrer once; 200 { refId }.
// Unknown code → 404 INVALID_REFCODE; own code → 400 OWN_REFCODE; already set → 409 REFERRER_ALREADY_SET.
import { getDb } from "@/db/client";
import { handler, readJson } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";
import { referrerSchema } from "@/lib/validation/wallet";
import { setReferrer } from "@/lib/wallet/profile";

export const dynamic = "force-dynamic";

export const POST = handler<{ userId: string }>(async ({ req, params, ip, requestId }) => {
  const { actor, target } = await requireSelfOrAdmin(req, params.userId);
  const input = await readJson(req, referrerSchema);
  return setReferrer(await getDb(), { actorId: actor.id, targetId: target.id, refCode: input.refCode, ip, requestId });
});
