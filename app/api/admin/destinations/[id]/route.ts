// PATCH /api/admin/destinations/{id} { networks?, kind?, travelRulePartner?, memo?, status?, reason? } — changes a
// destination (at least one field; the name stays, addresses carry it): 200 with it, audited before → after, the
// memo (else x-audit-memo) kept as the last change's. Blocking applies at once. BLOCKED → ALLOWED is four-eyes:
// 202 { proposal } of kind destination_unblock, the whole change waiting for another administrator's approval in
// /admin/approvals (reason from the body, the memo or x-audit-memo, else 400 PROPOSAL_REASON_REQUIRED; one at a
// time, else 409 DESTINATION_UNBLOCK_PENDING). Unknown id → 404. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { changeDestination } from "@/lib/destinations/admin";
import { AppError } from "@/lib/errors";
import { updateDestinationSchema } from "@/lib/validation/destinations";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    if (!/^\d{1,9}$/.test(params.id)) throw new AppError("NOT_FOUND");
    const id = Number(params.id);
    const input = await readJson(req, updateDestinationSchema);
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/destinations/${id}`, input, (tx) =>
      changeDestination(tx, id, input, actor),
    );
  },
  { permission: "destinations.manage" },
);
