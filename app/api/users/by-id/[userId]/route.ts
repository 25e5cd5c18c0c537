// GET /api/users/by-id/{userId} — the member's profile (DESIGN §5); the member themself or an admin.
import { getDb } from "@/db/client";
import { profileOf } from "@/db/queries/users";
import { foundOrThrow } from "@/lib/errors";
import { withSelfOrAdmin } from "@/lib/api/with-auth";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return foundOrThrow(await profileOf(await getDb(), { id: target.id }));
  },
  { permission: "member.read" },
);
