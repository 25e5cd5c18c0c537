// PATCH /api/admin/users/{id}/ref-code {refCode} — SUPERADMIN edits a member's referral code (409 REFCODE_IN_USE when taken).
import { readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { setRefCode } from "@/lib/auth/member-admin";
import { adminRefCodeSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, user, target, ip, requestId }) => {
    const { refCode } = await readJson(req, adminRefCodeSchema);
    return setRefCode(user, target.id, refCode, { ip, requestId });
  },
  { permission: "member.ref-code", target: "id" },
);
