/**
 * lib/i18n/page-rewrites.ts: every page of app/lang/[locale] gets its language rewrite, and nothing else does (an
 * unknown address keeps its server-rendered 404). The rewrites themselves are exercised by the browser tests
 * (tests/e2e/auth.spec.ts: the language at the same address) and the cluster test (/login in each language).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languageRewrites, pageAddresses } from "@/lib/i18n/page-rewrites";

const root = path.resolve(import.meta.dirname, "../..");

/** The same matching Next does for a `:page(…)` source: the whole path, anchored. */
function served(rules: ReturnType<typeof languageRewrites>, address: string, cookie?: string): string | null {
  for (const r of rules) {
    if (r.has && !r.has.every((h) => cookie === `${h.key}=${h.value}`)) continue;
    if (
      r.source === "/" ? address === "/" : new RegExp(`^/(?:${/^\/:page\((.*)\)$/.exec(r.source)![1]})$`).test(address)
    )
      return r.source === "/" ? r.destination : `${r.destination.replace("/:page", "")}${address}`;
  }
  return null;
}

describe("the language rewrites", () => {
  const addresses = pageAddresses(path.join(root, "app/lang/[locale]"));
  const rules = languageRewrites(addresses);

  it("list every page of the app, route groups adding nothing to the address", () => {
    for (const a of ["", "/login", "/signup", "/home", "/wallet", "/settings/devices", "/admin", "/admin/members"])
      expect(addresses).toContain(a);
    expect(addresses.some((a) => a.includes("("))).toBe(false);
    // exactly the folders holding a page
    const pages = (dir: string): number =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce(
          (n, e) => n + (e.isDirectory() ? pages(path.join(dir, e.name)) : /^page\.tsx$/.test(e.name) ? 1 : 0),
          0,
        );
    expect(addresses).toHaveLength(pages(path.join(root, "app/lang/[locale]")));
  });

  it("serve each page from the cookie's language, Korean by default, and leave every other address alone", () => {
    expect(served(rules, "/")).toBe("/lang/ko");
    expect(served(rules, "/", "NEXT_LOCALE=en")).toBe("/lang/en");
    expect(served(rules, "/login")).toBe("/lang/ko/login");
    expect(served(rules, "/settings/devices", "NEXT_LOCALE=en")).toBe("/lang/en/settings/devices");
    expect(served(rules, "/admin/members", "NEXT_LOCALE=fr")).toBe("/lang/ko/admin/members");
    for (const other of ["/nope", "/loginx", "/api/health", "/home/extra", "/_next/static/x.js", "/lang/ko/login"])
      expect(served(rules, other), other).toBeNull();
  });

  it("refuse a dynamic segment they cannot list", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wld-pages-"));
    fs.mkdirSync(path.join(dir, "members", "[id]"), { recursive: true });
    fs.writeFileSync(path.join(dir, "members", "[id]", "page.tsx"), "");
    expect(() => pageAddresses(dir)).toThrow(/members\/\[id\]: a dynamic segment/);
  });
});
