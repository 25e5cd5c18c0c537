/**
 * The `?next=` rule (tests/unit/next-path.test.ts): where a member goes after logging in when their session ended
 * mid-action. Only a path on this origin is followed; anything else falls back to the role's home.
 * Pure and client-safe: the login page, middleware, the member layout and the API client share it.
 */

/** The query parameter that carries the way back. */
export const NEXT_PARAM = "next";

const MAX_LENGTH = 2048;
// C0 controls, DEL and C1 controls: browsers strip tabs and newlines from URLs, so `/\t/evil` would be `//evil`.
const hasControl = (text: string) =>
  Array.from(text).some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
const BASE = "http://next.invalid";

/** Pages a member is never sent back to: the login and sign-up pages themselves and non-pages. */
const REFUSED = ["/login", "/signup", "/api", "/_next"];
const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

function looksExternal(text: string): boolean {
  // One leading "/" and nothing a browser reads as a second one: "//host", "/\host", "\/host".
  return !text.startsWith("/") || text.startsWith("//") || text.includes("\\") || hasControl(text);
}

/**
 * `raw` (as read from the query string, i.e. decoded once) when it is a same-origin path worth returning
 * to, normalized (`/a/../b` → `/b`); otherwise null. Never throws.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (looksExternal(raw)) return null;
  // A second decoding must not reveal a scheme-relative or backslash path either (`/%2F%2Fhost`, `/%5Chost`).
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (looksExternal(decoded) || /^\/[^/?#]*:/.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname;
  if (REFUSED.some((r) => under(path.toLowerCase(), r))) return null;
  return `${path}${url.search}${url.hash}`;
}

/** Where to go after logging in: a safe `next`, else the role's home. */
export function afterLoginPath(rawNext: string | null | undefined, fallback: string): string {
  return safeNextPath(rawNext) ?? fallback;
}

/** `/login?next=<path>` for a path to come back to (plain `/login` when the path is not one to return to). */
export function loginPathFor(path: string | null | undefined, extra?: Record<string, string>): string {
  const params = new URLSearchParams(extra);
  const next = safeNextPath(path);
  if (next) params.set(NEXT_PARAM, next);
  const q = params.toString();
  return q ? `/login?${q}` : "/login";
}

/** Request header middleware.ts sets to the page's path and query (any value a client sent is replaced). */
export const PATH_HEADER = "x-wld-path";

/** Where a member signed in with a reset's temporary password is kept until they set their own (403 PASSWORD_CHANGE_REQUIRED). */
export const PASSWORD_CHANGE_PATH = "/settings/password";
