// PATCH /api/admin/users/{id}/phone {phone} — an admin edits a member's phone (non-empty).
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { setPhone } from "@/lib/auth/member-admin";
import { adminPhoneSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const { phone } = await readJson(req, adminPhoneSchema);
    return setPhone(user, target.id, phone, { ip, requestId });
  },
  { permission: "member.phone", target: "id" },
);
