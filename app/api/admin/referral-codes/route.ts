// GET /api/admin/referral-codes?search&page&limit — every member referral code and admin sign-up code, newest first:
// { items: [{ kind: "member" | "signup-code", id, code, owner: { id, userId, name } | null, signups, active, note,
//   maxUses, createdAt }], total, totalCapped }. `search` matches a code or owner userId fragment; limit 20 by
// default. A member's code is edited with PATCH /api/admin/users/{id}/ref-code (SUPERADMIN). ADMIN or SUPERADMIN.
import { withAdmin } from "@/lib/api/with-auth";
import { referralCodeList } from "@/lib/admin/lists";
import { referralCodeQuerySchema } from "@/lib/validation/admin";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req, user }) => referralCodeList(user, readQuery(req, referralCodeQuerySchema)), {
  permission: "referral-codes.list",
});
