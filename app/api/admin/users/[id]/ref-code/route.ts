// PATCH /api/admin/users/{id}/ref-code {refCode} — SUPERADMIN edits a member's referral code (409 REFCODE_IN_USE when taken).
import { readJson, withSuperAdmin } from "@/lib/api/handler";
import { setRefCode } from "@/lib/auth/accounts";
import { requireAdminOver } from "@/lib/auth/guards";
import { adminRefCodeSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withSuperAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const { target } = await requireAdminOver(req, params.id);
  const { refCode } = await readJson(req, adminRefCodeSchema);
  return setRefCode(user, target.id, refCode, { ip, requestId });
});
