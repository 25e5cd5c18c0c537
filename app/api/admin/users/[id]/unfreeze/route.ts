// POST /api/admin/users/{id}/unfreeze { reason? } — an administrator asks to lift a member's account freeze (the
//   panic button, lib/account/freeze.ts). Always four-eyes: 202 { proposal } of kind account_unfreeze, with the
//   mandatory reason (the body's, or the x-audit-memo memo; else 400 PROPOSAL_REASON_REQUIRED), applied only when
//   another administrator holding member.unfreeze approves it in /admin/approvals (which starts the member's 24-hour
//   cool-down). 409 NOT_FROZEN when the member is not frozen, 409 CONFLICT when a proposal already waits.
//   Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { proposeUnfreeze } from "@/lib/account/freeze";
import { unfreezeProposalSchema } from "@/lib/validation/account-freeze";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const input = await readJson(req, unfreezeProposalSchema);
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `POST /api/admin/users/${target.id}/unfreeze`, input, (tx) =>
      proposeUnfreeze(tx, actor, target.id, input.reason),
    );
  },
  { permission: "member.unfreeze", target: "id" },
);
