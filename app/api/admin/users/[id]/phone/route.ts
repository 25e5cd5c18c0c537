// PATCH /api/admin/users/{id}/phone {phone} — an admin edits a member's phone (non-empty).
import { readJson, withAdmin } from "@/lib/api/handler";
import { setPhone } from "@/lib/auth/accounts";
import { requireAdminOver } from "@/lib/auth/guards";
import { adminPhoneSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(async ({ req, params, user, ip, requestId }) => {
  const { target } = await requireAdminOver(req, params.id);
  const { phone } = await readJson(req, adminPhoneSchema);
  return setPhone(user, target.id, phone, { ip, requestId });
});
