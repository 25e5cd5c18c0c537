// POST /api/account/freeze { from?: "settings" | "notification" } — the panic button: the member freezes their own
//   account (lib/account/freeze.ts). Every session ends, this one too: the answer clears the session cookie and names
//   the page to show (`next`, public). 200 { frozen: true, frozenAt, alreadyFrozen, next }. Pressing it again while
//   frozen ends every session again. Nothing can leave afterwards (403 ACCOUNT_FROZEN) until it is unfrozen.
// GET /api/account/freeze — the member's own state { frozen, frozenAt, how, twoFactor, cooldownUntil }.
import { json, readJson } from "@/lib/api/handler";
import { withUser } from "@/lib/api/with-auth";
import { FROZEN_PAGE } from "@/lib/account/dto";
import { freezeAccount, freezeState } from "@/lib/account/freeze";
import { clearSessionCookies } from "@/lib/auth/session";
import { freezeSchema } from "@/lib/validation/account-freeze";

export const dynamic = "force-dynamic";

export const POST = withUser(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, freezeSchema);
  const how = input.from === "notification" ? "NOTIFICATION" : "SETTINGS";
  const r = await freezeAccount(user, how, { ip, requestId });
  const res = json({ frozen: true, frozenAt: r.frozenAt, alreadyFrozen: r.alreadyFrozen, next: FROZEN_PAGE });
  for (const c of clearSessionCookies(req)) res.headers.append("set-cookie", c);
  return res;
});

export const GET = withUser(async ({ user }) => freezeState(user));
