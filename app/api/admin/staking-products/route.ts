// GET /api/admin/staking-products — every staking product: [{ id, coinSymbol, name, annualRate, lockEnd,
// lockDays, minAmount, active, createdAt, updatedAt }].
// POST /api/admin/staking-products { coinSymbol, name, annualRate, lockEnd? | lockDays?, minAmount?, active?, reason? }
// — creates one (audited): 201 with the product. Four-eyes (SECURITY I39): an active product that would raise a
// rate in force (it becomes its coin's default rate, the newest active product's) is not created: 202 { proposal }
// of kind product_create, with the reason (body or x-audit-memo, else 400 PROPOSAL_REASON_REQUIRED); another
// administrator's approval in /admin/approvals creates it. An inactive product is always created at once.
// Accepts Idempotency-Key (a retried click makes one product or one proposal).
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { proposalOutcome, proposeProductCreate } from "@/lib/admin/proposals";
import { createProduct } from "@/lib/staking/admin";
import { productList } from "@/lib/staking/reports";
import { createProductSchema } from "@/lib/validation/staking";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => productList(), { permission: "staking-products.manage" });

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const asked = await readJson(req, createProductSchema);
    const { reason, ...input } = asked;
    const actor = { id: user.id, role: user.role, ip, requestId };
    return idempotent(req, user.id, "POST /api/admin/staking-products", asked, async (tx) => {
      const proposal = await proposeProductCreate(tx, input, reason, actor);
      if (proposal) return proposalOutcome(proposal);
      return { status: 201, body: await createProduct(input, { actorId: user.id, ip, requestId }, tx) };
    });
  },
  { permission: "staking-products.manage" },
);
