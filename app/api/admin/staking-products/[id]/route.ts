// PATCH /api/admin/staking-products/{id} — changes any of { coinSymbol, name, annualRate, lockEnd, lockDays,
// minAmount, active } (audited, before and after): 200 with the product; 404 when there is no such product.
// Four-eyes (SECURITY I39): a new annual rate, or any change that would raise a rate in force (activating the
// product, a lower minimum, another coin, deactivating it over an older product that pays more), is a proposal —
// the whole change waits for another administrator's approval in /admin/approvals: 202 { proposal } (reason in the
// body or the x-audit-memo memo, else 400 PROPOSAL_REASON_REQUIRED). A change that lowers or leaves every rate in
// force applies at once. Accepts Idempotency-Key (a retried click makes one change or one proposal).
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { proposalOutcome, proposeProductChange } from "@/lib/admin/proposals";
import { AppError } from "@/lib/errors";
import { updateProduct } from "@/lib/staking/admin";
import { updateProductSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    if (!/^\d{1,9}$/.test(params.id)) throw new AppError("NOT_FOUND");
    const id = Number(params.id);
    const asked = await readJson(req, updateProductSchema);
    const { reason, ...patch } = asked;
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/staking-products/${id}`, asked, async (tx) => {
      const proposal = await proposeProductChange(tx, id, patch, reason, actor);
      if (proposal) return proposalOutcome(proposal);
      return { status: 200, body: await updateProduct(id, patch, { actorId: user.id, ip, requestId }, tx) };
    });
  },
  { permission: "staking-products.manage" },
);
