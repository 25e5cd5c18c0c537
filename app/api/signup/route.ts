// POST /api/signup {name, userId, password, phone, refId, …} — creates a member with their own referral code: 201 {userId}.
import { handler, json, readJson } from "@/lib/api/handler";
import { signup } from "@/lib/auth/signup";
import { signupSchema } from "@/lib/validation/auth";

export const dynamic = "force-dynamic";

export const POST = handler(async ({ req, ip, requestId }) => {
  const input = await readJson(req, signupSchema);
  const user = await signup(input, { ip, requestId });
  return json({ userId: user.userId }, 201);
});
