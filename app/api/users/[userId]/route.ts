// GET /api/users/{userId} — { userId, walletAddr }: the member's registered wallet address (or null).
import { getDb } from "@/db/client";
import { profileOrThrow } from "@/db/queries/users";
import { handler } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";

export const dynamic = "force-dynamic";

export const GET = handler<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  const p = await profileOrThrow(await getDb(), { id: target.id });
  return { userId: p.userId, walletAddr: p.walletAddr };
});
