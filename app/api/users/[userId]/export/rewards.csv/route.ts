// GET /api/users/{userId}/export/rewards.csv — the caller's own daily staking rewards as CSV for tax filing:
// KST time paid, reward day, coin, amount, KRW value at the time, the price used with its time and source, the
// staked amount and rate (UTF-8 with a BOM, attachment, at most 100,000 rows; lib/members/export.ts). Self only.
import { withSelf } from "@/lib/api/with-auth";
import { exportMemberRewards } from "@/lib/members/export";

export const dynamic = "force-dynamic";

export const GET = withSelf<{ userId: string }>(async ({ user, locale }) => exportMemberRewards(user.id, locale));
