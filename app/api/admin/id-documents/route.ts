// GET /api/admin/id-documents?status=PENDING&page&limit — ID documents awaiting review, oldest first:
// { items: [{ documentId, user: { id, userId, name }, submittedAt, imageUrl }], total, totalCapped }. imageUrl is
// /api/id-images/{key} (served to administrators, each view audited). Decide with PATCH
// /api/admin/users/{id}/approve-id or reject-id. ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { idReviewList } from "@/lib/admin/lists";
import { idReviewQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req, user }) => idReviewList(user, readQuery(req, idReviewQuerySchema)), {
  permission: "id-documents.list",
});
