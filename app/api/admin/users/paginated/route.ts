// GET /api/admin/users/paginated?search&phone&page&limit — the admin member list, active members newest first:
// { users: [{ id, userId, name, role, CertID, idStatus, createdAt, refCode, refId, walletAddr, phone, holdingWld,
//   stakedWld }], total, totalCapped }. `search` matches a userId or name fragment (a userId prefix included),
// `phone` a phone fragment; limit 10 by default (≤ 100). `total` is exact up to 1,000; beyond, totalCapped is true
// and total is 1,000 (with no search term: the table's estimated size). Never a password. ADMIN or SUPERADMIN; an
// ADMIN's list has no SUPERADMIN account in its rows or its total (they may not read one).
import { withAdmin } from "@/lib/api/with-auth";
import { memberList } from "@/lib/admin/lists";
import { memberListQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req, user }) => memberList(user, readQuery(req, memberListQuerySchema)), {
  permission: "members.list",
});
