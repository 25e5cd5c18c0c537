// GET /api/users/by-id/{userId} — the member's profile (DESIGN §5); the member themself or an admin.
import { getDb } from "@/db/client";
import { profileOrThrow } from "@/db/queries/users";
import { handler } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";

export const dynamic = "force-dynamic";

export const GET = handler<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  return profileOrThrow(await getDb(), { id: target.id });
});
