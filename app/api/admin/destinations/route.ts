// GET /api/admin/destinations — every destination (exchange) members may be offered: { items: [{ id, name, networks,
// kind: KR_VASP|FOREIGN, travelRulePartner: VERIFYVASP|CODE|null, status: ALLOWED|BLOCKED, memo, changedAt,
// changedBy: { id, userId } | null, createdAt, pendingUnblock: { proposalId, expiresAt } | null }], total }.
// POST /api/admin/destinations { name, networks, kind, travelRulePartner?, memo?, status?, reason? } — adds one,
// BLOCKED (201 with it, audited); `status: "ALLOWED"` adds it blocked and proposes allowing it (202 { proposal },
// kind destination_unblock; reason from the body, the memo or x-audit-memo, else 400 PROPOSAL_REASON_REQUIRED).
// A name taken in any letter case → 409 DESTINATION_EXISTS. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { createDestination } from "@/lib/destinations/admin";
import { listDestinations } from "@/lib/destinations/read";
import { createDestinationSchema } from "@/lib/validation/destinations";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => listDestinations(), { permission: "destinations.read" });

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, createDestinationSchema);
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, "POST /api/admin/destinations", input, (tx) => createDestination(tx, input, actor));
  },
  { permission: "destinations.manage" },
);
