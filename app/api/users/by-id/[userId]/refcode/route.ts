// PATCH /api/users/by-id/{userId}/refcode { refCode } — changes the member's own referral code; 200 { refCode }.
// 4–16 letters/digits, stored upper-case (400 INVALID_REFCODE_FORMAT); taken → 409 REFCODE_IN_USE.
import { readJson } from "@/lib/api/handler";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { refCodeSchema } from "@/lib/validation/wallet";
import { setOwnRefCode } from "@/lib/wallet/profile";

export const dynamic = "force-dynamic";

export const PATCH = withSelfOrAdmin<{ userId: string }>(
  async ({ req, ip, requestId, user: actor, target }) => {
    const input = await readJson(req, refCodeSchema);
    return setOwnRefCode({
      actorId: actor.id,
      targetId: target.id,
      refCode: input.refCode,
      ip,
      requestId,
    });
  },
  { permission: "member.referral" },
);
