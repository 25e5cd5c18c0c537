// PATCH /api/admin/users/{id}/two-factor-reset — SUPERADMIN turns a member's two-factor off (lost phone and
//   recovery codes); the member is notified and their transfers and withdrawals wait out the 24-hour cool-down.
//   Answers { userId, reset } (reset: false when it was already off).
import { withAdmin } from "@/lib/api/with-auth";
import { resetTwoFactor } from "@/lib/auth/two-factor";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ user, target, ip, requestId }) => {
    const reset = await resetTwoFactor(user, target.id, { ip, requestId });
    return { userId: target.userId, reset };
  },
  { permission: "member.two-factor-reset", target: "id" },
);
