// GET /api/users/by-id/{userId}/certID — { CertID, idStatus }: is the member's ID approved.
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { profileOrThrow } from "@/lib/members/profile";

export const dynamic = "force-dynamic";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    const p = await profileOrThrow({ id: target.id });
    return { CertID: p.CertID, idStatus: p.idStatus };
  },
  { permission: "member.read" },
);
