// PATCH /api/admin/staking-products/{id} — changes any of { coinSymbol, name, annualRate, lockEnd, lockDays,
// minAmount, active } (audited, before and after): 200 with the product; 404 when there is no such product.
// Four-eyes: a change of the annual rate is a proposal — the whole change waits for another administrator's
// approval in /admin/approvals: 202 { proposal } (reason in the body or the x-audit-memo memo, else 400
// PROPOSAL_REASON_REQUIRED). A patch without a new rate applies at once as before.
import { json, readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { proposeProductChange } from "@/lib/admin/proposals";
import { AppError } from "@/lib/errors";
import { updateProduct } from "@/lib/staking/admin";
import { updateProductSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    if (!/^\d{1,9}$/.test(params.id)) throw new AppError("NOT_FOUND");
    const { reason, ...patch } = await readJson(req, updateProductSchema);
    const actor = { id: user.id, role: user.role, ip, requestId };
    const proposal = await proposeProductChange(Number(params.id), patch, reason, actor);
    if (proposal) return json({ proposal }, 202);
    return updateProduct(Number(params.id), patch, { actorId: user.id, ip, requestId });
  },
  { permission: "staking-products.manage" },
);
