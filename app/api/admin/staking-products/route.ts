// GET /api/admin/staking-products — every staking product: [{ id, coinSymbol, name, annualRate, lockEnd,
// lockDays, minAmount, active, createdAt, updatedAt }].
// POST /api/admin/staking-products { coinSymbol, name, annualRate, lockEnd? | lockDays?, minAmount?, active? }
// — creates one (audited): 201 with the product.
import { getDb } from "@/db/client";
import { json, readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { listProducts } from "@/db/queries/staking";
import { createProduct } from "@/lib/staking/admin";
import { createProductSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => listProducts(await getDb()), { permission: "staking-products.manage" });

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, createProductSchema);
    const product = await createProduct(await getDb(), input, { actorId: user.id, ip, requestId });
    return json(product, 201);
  },
  { permission: "staking-products.manage" },
);
