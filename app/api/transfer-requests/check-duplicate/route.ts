// GET /api/transfer-requests/check-duplicate?userId&coinSymbol&type — { exists }: is a request of this coin and
// type already PENDING for the caller (the same rule as the unique index). A userId naming anyone else → 403.
import { withUser } from "@/lib/api/with-auth";
import { requireSameMember } from "@/lib/auth/guards";
import { checkDuplicateQuerySchema, readQuery } from "@/lib/validation/wallet";
import { hasPendingRequest } from "@/lib/wallet/history";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ req, user, requestId }) => {
  const q = readQuery(req, checkDuplicateQuerySchema);
  await requireSameMember(req, requestId, user, q.userId);
  return { exists: await hasPendingRequest({ userId: user.id, coin: q.coinSymbol, type: q.type }) };
});
