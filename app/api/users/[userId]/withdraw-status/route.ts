// GET /api/users/{userId}/withdraw-status — the member themself: { cooldownUntil, dailyLimitKrw, usedTodayKrw,
//   leftTodayKrw, resetsAt } (KRW as decimal strings, times ISO; cooldownUntil null when none runs), so the
//   transfer screen can show what is left today and a running cool-down before the member types.
import { withSelf } from "@/lib/api/with-auth";
import { withdrawStatus } from "@/lib/wallet/limits";

export const dynamic = "force-dynamic";

export const GET = withSelf<{ userId: string }>(async ({ user }) => withdrawStatus(user.id));
