/**
 * SECURITY.md D24 (ASVS 3.4.x) beyond what the browser test of the production build reads
 * (tests/e2e/auth.spec.ts: a page's nonce CSP, nosniff, Referrer-Policy, an API answer's no-store): every API
 * answer — each method of each route, as its owner and as a SUPERADMIN, from a foreign Origin — carries no CORS
 * grant and is `no-store`; the page CSP comes with a fresh nonce per request; HSTS is sent exactly when the
 * request came over HTTPS (the rule Next applies from next.config.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { middleware } from "@/middleware";
import nextConfig from "@/next.config";
import { createDepositRequestRow, createUser, fund, setFreshWldPrice } from "../factories/money";
import { call } from "../support/http";

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

function routeFiles(dir = path.join(ROOT, "app/api")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

describe("D24 security headers", () => {
  it("D24 no API answer grants CORS to a foreign origin, and every one is no-store (every route × method × caller)", async () => {
    const member = await createUser({ idStatus: "APPROVED" });
    const superadmin = await createUser({ role: "SUPERADMIN" });
    await fund(member.id, { holding: "5" });
    await setFreshWldPrice();
    const requestId = await createDepositRequestRow(member.id);
    const problems: string[] = [];
    let answers = 0;
    for (const file of routeFiles().sort()) {
      const route = `/${path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/")}`;
      const mod = (await import(file)) as Record<string, unknown>;
      const params: Record<string, string | string[]> = {};
      const url = route.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, key: string) => {
        const v = key === "userId" ? member.userId : key.includes("id") ? String(requestId) : "session";
        params[key] = rest ? [v] : v;
        return v;
      });
      for (const method of METHODS) {
        if (typeof mod[method] !== "function") continue;
        for (const who of [member, superadmin]) {
          const res = await call(mod, method, url, {
            cookie: who.cookie,
            params: params as Record<string, string>, // a catch-all segment is an array, as Next passes it
            headers: { origin: "https://evil.example" },
          });
          answers += 1;
          const h = res.headers;
          if (h.get("access-control-allow-origin") || h.get("access-control-allow-credentials"))
            problems.push(`${method} ${url} as ${who.role}: CORS ${h.get("access-control-allow-origin")}`);
          if (!/\bno-store\b/.test(h.get("cache-control") ?? ""))
            problems.push(`${method} ${url} as ${who.role} → ${res.status}: cache-control ${h.get("cache-control")}`);
        }
      }
    }
    console.log(JSON.stringify({ d24ApiAnswersChecked: answers }));
    expect(answers).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  });

  it("D24 every page gets a CSP with object-src/base-uri/frame-ancestors 'none': a fresh nonce where it renders per request, its own scripts' hashes where Next prerendered it, never unsafe-inline", async () => {
    const nonces: string[] = [];
    const pages = ["/login", "/", "/signup", "/login?next=/home", "/nope", "/nope/deeper"];
    for (const page of pages) {
      const res = await middleware(new NextRequest(new URL(page, "http://localhost:3000")));
      const csp = res.headers.get("content-security-policy") ?? "";
      for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
      const script = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      expect(script).not.toContain("unsafe-inline");
      const nonce = /'nonce-([A-Za-z0-9+/=]{16,})' 'strict-dynamic'/.exec(script)?.[1];
      if (nonce) nonces.push(nonce);
      // Without a nonce, only the page's own hashes (lib/csp.ts; tests/unit/csp.test.ts, tests/e2e/auth.spec.ts).
      else expect(script).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/);
    }
    // Every page that renders per request has its own nonce (the 404s always do; the rest without a build).
    expect(nonces.length).toBeGreaterThanOrEqual(2);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("D24 HSTS (at least a year) exactly when the request came over HTTPS, on pages and API answers alike", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const hsts = rules.filter((r) => r.headers.some((h) => h.key.toLowerCase() === "strict-transport-security"));
    expect(hsts).toHaveLength(1);
    const [rule] = hsts;
    expect(rule!.source).toBe("/:path*");
    expect(rule!.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
    const value = rule!.headers.find((h) => h.key.toLowerCase() === "strict-transport-security")!.value;
    expect(Number(/max-age=(\d+)/.exec(value)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    // nosniff and a referrer policy on every path, pages and API.
    const everywhere = rules.filter((r) => r.source === "/:path*" && !r.has).flatMap((r) => r.headers);
    expect(everywhere).toEqual(
      expect.arrayContaining([
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ]),
    );
  });
});
