/** GET /api/users/{userId}/id-image — { url } of the member's ID image, for the member or an admin. */
import { getDb } from "@/db/client";
import { withSelfOrAdmin } from "@/lib/api/with-auth";
import { storedIdImageUrl } from "@/db/queries/id-documents";
import { foundOrThrow } from "@/lib/errors";

export const GET = withSelfOrAdmin<{ userId: string }>(
  async ({ target }) => {
    return { url: foundOrThrow(await storedIdImageUrl(await getDb(), { userId: target.id })) };
  },
  { permission: "member.read" },
);
