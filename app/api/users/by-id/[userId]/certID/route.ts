// GET /api/users/by-id/{userId}/certID — { CertID, idStatus }: is the member's ID approved.
import { getDb } from "@/db/client";
import { profileOrThrow } from "@/db/queries/users";
import { handler } from "@/lib/api/handler";
import { requireSelfOrAdmin } from "@/lib/auth/guards";

export const dynamic = "force-dynamic";

export const GET = handler<{ userId: string }>(async ({ req, params }) => {
  const { target } = await requireSelfOrAdmin(req, params.userId);
  const p = await profileOrThrow(await getDb(), { id: target.id });
  return { CertID: p.CertID, idStatus: p.idStatus };
});
