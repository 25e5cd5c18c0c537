// GET /api/admin/requests?status&type&page&limit — every member's requests, newest first:
// { items: [{ id, type, coinSymbol, amount, fee, total, krwAmount, priceKrw, walletAddr, status, reason,
//   createdAt, updatedAt, user: { id, userId, name } }], total }. ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { readQuery, requestListQuerySchema } from "@/lib/validation/wallet";
import { adminRequestList } from "@/lib/wallet/history";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const q = readQuery(req, requestListQuerySchema);
    return adminRequestList(q);
  },
  { permission: "requests.list" },
);
