// PATCH /api/admin/users/{id}/staking-rate { coinSymbol, rate, reason } — the member's own annual rate in percent
// (0 or more), overriding the product's from the next reward run. Four-eyes: every rate change is a proposal,
// nothing changes until another administrator approves it in /admin/approvals (then audited like a direct
// change): 202 { proposal }; without a reason (body or x-audit-memo) 400 PROPOSAL_REASON_REQUIRED.
// Accepts Idempotency-Key (a retried click makes one proposal).
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { proposalOutcome, proposeMemberRate } from "@/lib/admin/proposals";
import { stakingRateSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target: member, ip, requestId }) => {
    const { coinSymbol, rate, reason } = await readJson(req, stakingRateSchema);
    const asked = { coinSymbol, rate: rate.toFixed(), reason };
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/users/${member.id}/staking-rate`, asked, async (tx) =>
      proposalOutcome(await proposeMemberRate(tx, { userId: member.id, coinSymbol, rate, reason, actor })),
    );
  },
  { permission: "member.rate", target: "id" },
);
