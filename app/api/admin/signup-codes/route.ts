// GET /api/admin/signup-codes — the sign-up codes admins issued; POST {code?, note?, maxUses?} — issue one (201).
import { json, readJson, withAdmin } from "@/lib/api/handler";
import { createSignupCode, listSignupCodes } from "@/lib/auth/accounts";
import { signupCodeCreateSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => {
  const items = await listSignupCodes();
  return { items, total: items.length };
});

export const POST = withAdmin(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, signupCodeCreateSchema);
  return json(await createSignupCode(user, input, { ip, requestId }), 201);
});
