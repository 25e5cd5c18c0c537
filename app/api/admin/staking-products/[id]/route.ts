// PATCH /api/admin/staking-products/{id} — changes any of { coinSymbol, name, annualRate, lockEnd, lockDays,
// minAmount, active } (audited, before and after): 200 with the product; 404 when there is no such product.
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { updateProduct } from "@/lib/staking/admin";
import { updateProductSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    if (!/^\d{1,9}$/.test(params.id)) throw new AppError("NOT_FOUND");
    const patch = await readJson(req, updateProductSchema);
    return updateProduct(Number(params.id), patch, { actorId: user.id, ip, requestId });
  },
  { permission: "staking-products.manage" },
);
