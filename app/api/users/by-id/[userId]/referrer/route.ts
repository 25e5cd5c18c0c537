// POST /api/users/by-id/{userId}/referrer { refCode } — sets the member's referrer once; 200 { refId }.
// Unknown code → 404 INVALID_REFCODE; own code → 400 OWN_REFCODE; already set → 409 REFERRER_ALREADY_SET.
import { readJson } from "@/lib/api/handler";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { referrerSchema } from "@/lib/validation/wallet";
import { setReferrer } from "@/lib/wallet/profile";

export const dynamic = "force-dynamic";

export const POST = withSelfOrAdmin<{ userId: string }>(
  async ({ req, ip, requestId, user: actor, target }) => {
    const input = await readJson(req, referrerSchema);
    return setReferrer({
      actorId: actor.id,
      targetId: target.id,
      refCode: input.refCode,
      ip,
      requestId,
    });
  },
  { permission: "member.referral" },
);
