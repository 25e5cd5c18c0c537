// GET /api/admin/signup-codes — the sign-up codes admins issued; POST {code?, note?, maxUses?} — issue one (201).
import { json, readJson } from "@/lib/api/handler";
import { withAdmin } from "@/lib/api/with-auth";
import { createSignupCode, listSignupCodes } from "@/lib/auth/referral-codes";
import { signupCodeCreateSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async () => {
    const items = await listSignupCodes();
    return { items, total: items.length };
  },
  { permission: "signup-codes.manage" },
);

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, signupCodeCreateSchema);
    return json(await createSignupCode(user, input, { ip, requestId }), 201);
  },
  { permission: "signup-codes.manage" },
);
