/**
 * The pages' Content-Security-Policy (middleware.ts sets it). A page rendered per request gets a fresh nonce,
 * which Next stamps on its own scripts. A page Next prerendered at build time (the welcome, /login, /signup in
 * each language: app/lang/[locale]/layout.tsx) is served as a file that no nonce can reach, so it is allowed
 * its own inline scripts by their SHA-256 hashes, read once from that file; its external scripts come from 'self'.
 * Neither ever allows 'unsafe-inline' scripts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { log } from "@/lib/log";

export function contentSecurityPolicy(scripts: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}${dev ? " 'unsafe-eval'" : ""}`,
    // React renders style attributes on the server; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce's policy: `{ nonce, csp }`. 'strict-dynamic' lets the scripts it admits load the page's chunks. */
export function noncePolicy(dev: boolean): { nonce: string; csp: string } {
  const nonce = crypto.randomBytes(16).toString("base64");
  return { nonce, csp: contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`, dev) };
}

/** Inline scripts of an HTML document (those without `src`, whatever their type: a hash of data harms nothing). */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The `'sha256-…'` sources of every inline script in `html`, each once, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const body = m[1] ?? "";
    if (body) hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

type Prerendered = { routes: Set<string>; policies: Map<string, string | null> };
const builds = new Map<string, Prerendered>();

/** A build's prerendered routes (its prerender-manifest.json), read once. */
function prerendered(dir: string): Prerendered {
  const known = builds.get(dir);
  if (known) return known;
  let routes = new Set<string>();
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "prerender-manifest.json"), "utf8")) as {
      routes?: Record<string, unknown>;
    };
    routes = new Set(Object.keys(manifest.routes ?? {}));
  } catch {
    // No production build here (next dev, or a test calling the middleware): every page renders per request.
  }
  const build = { routes, policies: new Map<string, string | null>() };
  builds.set(dir, build);
  return build;
}

/**
 * The hash-based policy of a page Next prerendered at `route` (the path it is served from, e.g. `/lang/ko/login`)
 * in the build `dir` (the server's `.next`), or null when the route renders per request. A prerendered page whose
 * file cannot be read gets null as well, with an error logged: its scripts will then be refused by the nonce
 * policy rather than allowed by a weaker one.
 */
export function prerenderedPagePolicy(route: string, dir = path.join(process.cwd(), ".next")): string | null {
  const b = prerendered(dir);
  if (!b.routes.has(route)) return null;
  const known = b.policies.get(route);
  if (known !== undefined) return known;
  let policy: string | null = null;
  try {
    const html = fs.readFileSync(path.join(dir, "server", "app", `${route}.html`), "utf8");
    policy = contentSecurityPolicy(inlineScriptHashes(html).join(" "), false);
  } catch (err) {
    log.error("csp.prerendered_page_unreadable", { route, error: (err as Error).message });
  }
  b.policies.set(route, policy);
  return policy;
}
