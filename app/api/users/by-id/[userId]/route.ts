// GET /api/users/by-id/{userId} — the member's profile (DESIGN.md's calls table); the member themself or an admin.
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { profileOrThrow } from "@/lib/members/profile";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return await profileOrThrow({ id: target.id });
  },
  { permission: "member.read" },
);
