// GET /api/admin/staking-products — every staking product: [{ id, coinSymbol, name, annualRate, lockEnd,
// lockDays, minAmount, active, createdAt, updatedAt }].
// POST /api/admin/staking-products { coinSymbol, name, annualRate, lockEnd? | lockDays?, minAmount?, active? }
// — creates one (audited): 201 with the product.
import { json, readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { createProduct } from "@/lib/staking/admin";
import { productList } from "@/lib/staking/reports";
import { createProductSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => productList(), { permission: "staking-products.manage" });

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, createProductSchema);
    const product = await createProduct(input, { actorId: user.id, ip, requestId });
    return json(product, 201);
  },
  { permission: "staking-products.manage" },
);
