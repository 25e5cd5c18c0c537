/** GET /api/admin/users/{id}/id-document — the member's ID review state, image URL and timeline. */
import { withAdmin } from "@/lib/api/with-auth";
import { adminIdDocumentOrThrow } from "@/lib/kyc/status";

export const GET = withAdmin<{ id: string }>(
  async ({ target }) => await adminIdDocumentOrThrow({ userId: target.id }),
  {
    permission: "member.read",
    target: "id",
  },
);
