/** GET /api/users/{userId}/id-image — { url } of the member's ID image, for the member or an admin. */
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { idImageUrlOrThrow } from "@/lib/kyc/status";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return { url: await idImageUrlOrThrow({ userId: target.id }) };
  },
  { permission: "member.read" },
);
