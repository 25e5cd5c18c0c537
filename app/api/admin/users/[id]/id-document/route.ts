/** GET /api/admin/users/{id}/id-document — the member's ID review state, image URL and timeline. */
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/with-auth";
import { adminIdDocumentView } from "@/db/queries/id-documents";
import { foundOrThrow } from "@/lib/errors";

export const GET = withAdmin<{ id: string }>(
  async ({ target }) => foundOrThrow(await adminIdDocumentView(await getDb(), { userId: target.id })),
  {
    permission: "member.read",
    target: "id",
  },
);
