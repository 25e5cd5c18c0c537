// GET /api/users/{userId}/export/transactions.csv — the caller's own visible transactions as CSV for tax filing:
// KST time, kind, coin, amount, KRW value at the time, the price used with its time and source (UTF-8 with a BOM,
// attachment, at most 100,000 rows, newest first, formula-safe cells; lib/members/export.ts). Self only.
import { withSelf } from "@/lib/api/with-auth";
import { exportMemberTransactions } from "@/lib/members/export";

export const dynamic = "force-dynamic";

export const GET = withSelf<{ userId: string }>(async ({ user, locale }) => exportMemberTransactions(user.id, locale));
