// GET /api/users/{userId} — { userId, walletAddr }: the member's registered wallet address (or null).
import { getDb } from "@/db/client";
import { profileOf } from "@/db/queries/users";
import { foundOrThrow } from "@/lib/errors";
import { withSelfOrAdmin } from "@/lib/api/with-auth";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    const p = await foundOrThrow(await profileOf(await getDb(), { id: target.id }));
    return { userId: p.userId, walletAddr: p.walletAddr };
  },
  { permission: "member.read" },
);
