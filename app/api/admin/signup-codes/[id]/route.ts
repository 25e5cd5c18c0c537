// DELETE /api/admin/signup-codes/{id} — an admin deactivates a sign-up code (kept for the record, no longer accepted).
import { withAdmin } from "@/lib/api/with-auth";
import { deactivateSignupCode } from "@/lib/auth/referral-codes";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const DELETE = withAdmin<{ id: string }>(
  async ({ params, user, ip, requestId }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new AppError("NOT_FOUND");
    await deactivateSignupCode(user, id, { ip, requestId });
    return { ok: true };
  },
  { permission: "signup-codes.manage" },
);
