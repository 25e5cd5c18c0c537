/** GET /api/admin/users/{id}/id-document — the member's ID review state, image URL and timeline. */
import { getDb } from "@/db/client";
import { withAdmin } from "@/lib/api/handler";
import { adminIdDocumentView } from "@/lib/kyc/documents";
import { memberIdParam } from "@/lib/validation/kyc";

export const GET = withAdmin<{ id: string }>(async ({ params }) =>
  adminIdDocumentView(await getDb(), memberIdParam(params.id)),
);
