// GET /api/admin/travel-rule?day=YYYY-MM-DD&page&limit — the Travel Rule records written on a KST day (today's
// without `day`), oldest first: { day, items: [{ requestId, type, status, createdAt, originator: { name,
// memberNumber }, beneficiaryName, selfOwned, relationship, exchange, travelRulePartner, network, address,
// amountWld, amountKrw, thresholdKrw }], total, totalCapped }. limit ≤ 100. ADMIN or SUPERADMIN; an ADMIN sees no
// SUPERADMIN account's records.
import { withAdmin } from "@/lib/api/with-auth";
import { travelRuleList } from "@/lib/travel-rule/export";
import { travelRuleQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req, user }) => travelRuleList(user, readQuery(req, travelRuleQuerySchema)), {
  permission: "travel-rule.read",
});
