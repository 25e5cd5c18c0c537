/**
 * next-auth v4 (credentials provider, JWT strategy) for the /api/auth/* routes. Tokens carry the
 * same claims as lib/auth/session.ts issueSessionCookie (uid, sv, role) under the same cookie names,
 * so a session from /api/login and one from /api/auth/callback/credentials are interchangeable, and
 * both are re-checked against the database (session_version) on every API request.
 */
import NextAuth, { type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/secret";
import { loginSchema } from "@/lib/validation/auth";
import { login, logout, type RequestMeta } from "./accounts";
import { SESSION_MAX_AGE } from "./session";

export function authOptions(meta: RequestMeta): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
    jwt: { maxAge: SESSION_MAX_AGE },
    pages: { signIn: "/login", error: "/login" },
    // The base URL comes from the request; NEXTAUTH_URL is optional here, so that warning is noise.
    logger: {
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") console.warn(JSON.stringify({ level: "warn", msg: `next-auth ${code}` }));
      },
      error: (code) => console.error(JSON.stringify({ level: "error", msg: `next-auth ${code}` })),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: { userId: { label: "userId", type: "text" }, password: { label: "password", type: "password" } },
        async authorize(credentials) {
          const parsed = loginSchema.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          try {
            const u = await login(parsed.data.userId, parsed.data.password, meta);
            return { id: String(u.id), name: u.userId, uid: u.id, sv: u.sessionVersion, role: u.role };
          } catch {
            return null;
          }
        },
      }),
    ],
    events: {
      // next-auth's own sign-out ends the session the same way /api/logout does (session_version).
      async signOut({ token }) {
        const uid = Number((token as { uid?: unknown } | null)?.uid);
        if (Number.isInteger(uid)) await logout({ id: uid } as never, meta);
      },
    },
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { uid: number; sv: number; role: string; name: string };
          token.uid = u.uid;
          token.sv = u.sv;
          token.role = u.role;
          token.name = u.name;
        }
        return token;
      },
      session({ session, token }) {
        // Only display hints; the server never trusts this object.
        session.user = { name: token.name ?? null, role: token.role } as never;
        return session;
      },
    },
  };
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
    const text = await req.text();
    if (type.includes("application/json")) {
      try {
        body = JSON.parse(text || "{}");
      } catch {
        body = {};
      }
    } else body = Object.fromEntries(new URLSearchParams(text));
  }
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.get("cookie") ?? "").split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0) cookies[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
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
