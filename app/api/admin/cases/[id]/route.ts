// GET /api/admin/cases/{id} — one fraud case: { case: { id, rule, status, evidence, openedAt, dueAt, clock, member,
// request, decidedAt, decidedBy, decisionNote, hasDraft } }; unknown (or a SUPERADMIN's, for anyone else) → 404.
// cases.read.
import { withAdmin } from "@/lib/api/with-auth";
import { getCase } from "@/lib/fraud/cases";
import { numericIdOrThrow } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ params, user }) => getCase(user, numericIdOrThrow(params.id)), {
  permission: "cases.read",
});
