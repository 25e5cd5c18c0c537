// GET /api/two-factor — the signed-in member's two-factor state:
//   { enabled, enabledAt, pending, recoveryCodesLeft } (never the secret).
import { withUser } from "@/lib/api/with-auth";
import { twoFactorStatus } from "@/lib/auth/two-factor";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => twoFactorStatus(user.id));
