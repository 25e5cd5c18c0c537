/**
 * What remains of next-auth v4 under /api/auth/*. POST /api/login is the one way in, so there is one
 * cookie recipe (lib/auth/session.ts): next-auth's sign-in and credentials callback are off (404), because
 * they issued their own weaker cookie and redirected to a guessed origin. GET session answers who is signed
 * in from our session check and never re-issues or extends the cookie; POST signout ends this session like
 * /api/logout. csrf and providers still come from next-auth itself (with no providers).
 */
import NextAuth, { type NextAuthOptions } from "next-auth";
import { hasControlChars, MAX_AUTH_BYTES, readBodyTextOrThrow } from "@/lib/http/body";
import { json } from "@/lib/http/response";
import type { RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { authSecret } from "@/lib/secret";
import { logout } from "./login";
import { clearSessionCookies, sessionUser } from "./session";

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt" },
    providers: [],
    pages: { signIn: "/login", error: "/login" },
    // The base URL comes from the request; NEXTAUTH_URL is optional here, so that warning is noise.
    logger: {
      // The code only: next-auth's metadata may hold the request's cookies or tokens.
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") log.warn(`next-auth ${code}`);
      },
      error: (code) => log.error(`next-auth ${code}`),
      debug: () => {},
    },
  };
}

/** GET /api/auth/{session,csrf,providers} and POST /api/auth/signout; anything else is 404. */
export async function nextAuthRoute(req: Request, segments: string[], meta: RequestMeta): Promise<Response> {
  const action = segments.join("/");
  if (req.method === "GET" && action === "session") {
    const user = await sessionUser(req);
    // Display hints only; the server never trusts this object.
    return json(user ? { user: { name: user.userId, role: user.role } } : {});
  }
  if (req.method === "POST" && action === "signout") {
    await logout(await sessionUser(req), meta);
    const res = json({ ok: true });
    for (const c of clearSessionCookies(req)) res.headers.append("set-cookie", c);
    return res;
  }
  if (req.method === "GET" && (action === "csrf" || action === "providers")) {
    return runNextAuth(req, segments, authOptions());
  }
  throw new AppError("NOT_FOUND");
}

/**
 * Runs next-auth's handler on a Fetch Request without next/headers (so it also works when the
 * route is called directly, as the tests do), and returns a Fetch Response.
 */
export async function runNextAuth(req: Request, segments: string[], options: NextAuthOptions): Promise<Response> {
  const url = new URL(req.url);
  const query: Record<string, unknown> = { ...Object.fromEntries(url.searchParams), nextauth: segments };
  let body: Record<string, unknown> | undefined;
  if (req.method === "POST") {
    const type = req.headers.get("content-type") ?? "";
    // Bounded like every body (lib/http/body.ts): next-auth's forms are a few hundred bytes.
    const text = await readBodyTextOrThrow(req, MAX_AUTH_BYTES);
    if (type.includes("application/json")) {
      try {
        body = JSON.parse(text || "{}");
      } catch {
        body = {};
      }
    } else body = Object.fromEntries(new URLSearchParams(text));
  }
  for (const v of [...Object.values(body ?? {}), ...url.searchParams.values()])
    if (typeof v === "string" && hasControlChars(v)) throw new AppError("INVALID_CHARACTERS");
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.get("cookie") ?? "").split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    try {
      cookies[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
    } catch {
      // a malformed value counts as no cookie (as lib/auth/cookies.ts readCookie), never as a server error
    }
  }
  let status = 200;
  let payload: string | null = null;
  let setCookies: string[] = [];
  const headers = new Headers();
  const res = {
    status(s: number) {
      status = s;
      return res;
    },
    getHeader(name: string) {
      return name.toLowerCase() === "set-cookie" ? setCookies : (headers.get(name) ?? undefined);
    },
    setHeader(name: string, value: string | string[]) {
      if (name.toLowerCase() === "set-cookie") setCookies = Array.isArray(value) ? value : [value];
      else headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
      return res;
    },
    end() {},
    json(b: unknown) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(b);
    },
    send(b: unknown) {
      payload = b == null ? null : typeof b === "string" ? b : JSON.stringify(b);
    },
  };
  const fakeReq = { query, body, cookies, headers: Object.fromEntries(req.headers), method: req.method };
  // biome-ignore lint/suspicious/noExplicitAny: next-auth's pages-router signature (req, res, options)
  await (NextAuth as any)(fakeReq, res, options);
  for (const c of setCookies) headers.append("set-cookie", c);
  return new Response(status === 302 || status === 204 ? null : payload, { status, headers });
}
