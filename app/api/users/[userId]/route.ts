// GET /api/users/{userId} — { userId, walletAddr }: the member's registered wallet address (or null).
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { profileOrThrow } from "@/lib/members/profile";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    const p = await profileOrThrow({ id: target.id });
    return { userId: p.userId, walletAddr: p.walletAddr };
  },
  { permission: "member.read" },
);
