// GET /api/admin/users/{id}/freeze — the member's account freeze for the console (lib/account/freeze.ts):
//   { frozen, frozenAt, history: [{ id, frozenAt, how, unfrozenAt, unfreezeHow, unfrozenBy }], pendingProposalId }.
import { withAdmin } from "@/lib/api/with-auth";
import { adminFreezeView } from "@/lib/account/freeze";

export const dynamic = "force-dynamic";

export const GET = withAdmin<{ id: string }>(async ({ target }) => adminFreezeView(target.id), {
  permission: "member.read",
  target: "id",
});
