/**
 * D24 (lib/csp.ts): a prerendered page's policy allows exactly the inline scripts its file holds, by hash, and no
 * nonce or 'unsafe-inline'; a route the build did not prerender gets no hash policy (the middleware gives it a
 * nonce); a prerendered page whose file is gone gets none either, with an error logged. The production build's
 * own pages are checked in the browser (tests/e2e/auth.spec.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, noncePolicy, prerenderedPagePolicy } from "@/lib/csp";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script id="_R_">self.__next_r="x"</script>',
  "</head><body><main>로그인</main>",
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  '<script>self.__next_f.push([1,"한국어 \\u003c/script\\u003e"])</script>',
  '<SCRIPT type="text/javascript">self.__next_f.push([1,"x"])</SCRIPT>',
  '<script src="/_next/static/chunks/b.js"></script><script></script>',
  "</body></html>",
].join("");

function build(routes: Record<string, string | null>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wld-csp-"));
  fs.mkdirSync(path.join(dir, "server", "app", "ko"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "prerender-manifest.json"),
    JSON.stringify({ version: 4, routes: Object.fromEntries(Object.keys(routes).map((r) => [r, {}])) }),
  );
  for (const [route, html] of Object.entries(routes))
    if (html !== null) fs.writeFileSync(path.join(dir, "server", "app", `${route}.html`), html);
  return dir;
}

afterEach(() => vi.restoreAllMocks());

describe("D24 the pages' Content-Security-Policy", () => {
  it("D24 hashes every inline script of a page, byte for byte, and no script loaded by src", () => {
    expect(inlineScriptHashes(PAGE)).toEqual([
      sha('self.__next_r="x"'),
      sha("(self.__next_f=self.__next_f||[]).push([0])"),
      sha('self.__next_f.push([1,"한국어 \\u003c/script\\u003e"])'),
      sha('self.__next_f.push([1,"x"])'),
    ]);
  });

  it("D24 a prerendered page is allowed its own inline scripts by hash, with no nonce and no unsafe-inline", () => {
    const dir = build({ "/ko/login": PAGE, "/ko": "<html><script>a()</script></html>" });
    const policy = prerenderedPagePolicy("/ko/login", dir);
    expect(policy).not.toBeNull();
    const script = /script-src ([^;]+)/.exec(policy!)![1]!.split(" ");
    expect(script).toEqual(["'self'", ...inlineScriptHashes(PAGE)]);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(d);
    expect(policy).not.toContain("'nonce-");
    expect(policy).not.toContain("unsafe-eval");
    // Each page its own scripts: the welcome's policy does not admit the login's.
    expect(prerenderedPagePolicy("/ko", dir)).toContain(sha("a()"));
    expect(prerenderedPagePolicy("/ko", dir)).not.toContain(inlineScriptHashes(PAGE)[0]);
  });

  it("D24 a route the build did not prerender, or no build at all, gets no hash policy", () => {
    const dir = build({ "/ko/login": PAGE });
    expect(prerenderedPagePolicy("/ko/home", dir)).toBeNull();
    expect(prerenderedPagePolicy("/ko/login", path.join(dir, "nowhere"))).toBeNull();
  });

  it("D24 a prerendered page whose file cannot be read gets no policy, and an error names it", () => {
    const errors: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string) => {
      errors.push(String(chunk));
      return true;
    }) as typeof process.stderr.write);
    const dir = build({ "/ko/signup": null });
    expect(prerenderedPagePolicy("/ko/signup", dir)).toBeNull();
    expect(errors.join("")).toContain("/ko/signup");
  });

  it("D24 a nonce policy: a fresh 128-bit nonce each time, 'strict-dynamic', never unsafe-inline scripts", () => {
    const a = noncePolicy(false);
    const b = noncePolicy(false);
    expect(a.nonce).not.toBe(b.nonce);
    expect(Buffer.from(a.nonce, "base64")).toHaveLength(16);
    expect(a.csp).toContain(`script-src 'self' 'nonce-${a.nonce}' 'strict-dynamic';`);
    expect(contentSecurityPolicy("'sha256-x'", true)).toContain("script-src 'self' 'sha256-x' 'unsafe-eval';");
  });
});
