// GET /api/users/by-id/{userId}/certID — { CertID, idStatus }: is the member's ID approved.
import { getDb } from "@/db/client";
import { profileOf } from "@/db/queries/users";
import { foundOrThrow } from "@/lib/errors";
import { withSelfOrAdmin } from "@/lib/api/with-auth";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    const p = await foundOrThrow(await profileOf(await getDb(), { id: target.id }));
    return { CertID: p.CertID, idStatus: p.idStatus };
  },
  { permission: "member.read" },
);
