// GET /api/admin/staking-products/pending — the product changes and new products waiting for a second
// administrator (SECURITY I39), oldest first: [{ proposalId, kind: "product_rate" | "product_create", productId
// (null for a new product), coinSymbol, name, annualRate, minAmount, active, proposedBy, createdAt, expiresAt }],
// each product as it will be once approved. The products screen marks them `승인 대기`.
import { withAdmin } from "@/lib/api/with-auth";
import { pendingProductList } from "@/lib/staking/reports";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => pendingProductList(), { permission: "staking-products.manage" });
