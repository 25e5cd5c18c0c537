/** The `?next=` rule (lib/next-path.ts): only same-origin paths are followed after logging in. */
import { describe, expect, it } from "vitest";
import { afterLoginPath, loginPathFor, safeNextPath } from "@/lib/next-path";

describe("safeNextPath follows a same-origin path", () => {
  it.each([
    ["/wallet", "/wallet"],
    ["/wallet-history?page=2", "/wallet-history?page=2"],
    ["/transfer-request?coin=WLD&x=a:b", "/transfer-request?coin=WLD&x=a:b"],
    ["/settings#devices", "/settings#devices"],
    ["/home/../wallet", "/wallet"],
    ["/admin/members?page=3", "/admin/members?page=3"],
    ["/%ED%99%88", "/%ED%99%88"],
  ])("%s → %s", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});

describe("safeNextPath refuses anything else", () => {
  it.each([
    ["empty", ""],
    ["null", null],
    ["undefined", undefined],
    ["relative", "wallet"],
    ["scheme-relative", "//evil.example/home"],
    ["scheme-relative with three slashes", "///evil.example"],
    ["backslash host", "/\\evil.example"],
    ["backslash first", "\\/evil.example"],
    ["double backslash", "\\\\evil.example"],
    ["absolute http", "http://evil.example/home"],
    ["absolute https", "https://evil.example"],
    ["javascript", "javascript:alert(1)"],
    ["data", "data:text/html,<script>alert(1)</script>"],
    ["scheme after slash", "/javascript:alert(1)"],
    ["tab inside //", "/\t/evil.example"],
    ["newline inside //", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["NUL", "/home\u0000"],
    ["DEL", "/home\u007f"],
    ["C1 control", "/\u0085/evil.example"],
    ["encoded second slash", "/%2Fevil.example"],
    ["encoded double slash", "/%2F%2Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["malformed escape", "/home%E0%A4%A"],
    ["the login page", "/login"],
    ["the login page with a next of its own", "/login?next=/login"],
    ["the login page by a dot segment", "/home/../login"],
    ["the login page by an encoded dot segment", "/home/%2e%2e/login"],
    ["the login page in capitals", "/LOGIN"],
    ["sign-up", "/signup"],
    ["an API route", "/api/logout"],
    ["too long", `/${"a".repeat(2100)}`],
  ])("%s", (_name, raw) => {
    expect(safeNextPath(raw as string | null | undefined)).toBeNull();
  });
});

describe("afterLoginPath and loginPathFor", () => {
  it("falls back to the role's home", () => {
    expect(afterLoginPath("//evil.example", "/home")).toBe("/home");
    expect(afterLoginPath(null, "/admin")).toBe("/admin");
    expect(afterLoginPath("/wallet?tab=coin", "/home")).toBe("/wallet?tab=coin");
  });

  it("builds /login?next= with the path encoded, and plain /login for a path not to return to", () => {
    expect(loginPathFor("/wallet")).toBe("/login?next=%2Fwallet");
    expect(loginPathFor("/wallet-history?page=2")).toBe("/login?next=%2Fwallet-history%3Fpage%3D2");
    expect(loginPathFor("/login")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
    expect(loginPathFor(null)).toBe("/login");
    expect(loginPathFor("/admin", { denied: "admin" })).toBe("/login?denied=admin&next=%2Fadmin");
  });

  it("round-trips through URLSearchParams as the login page reads it", () => {
    const url = new URL(loginPathFor("/wallet-history?page=2&x=%2F"), "http://localhost");
    expect(safeNextPath(url.searchParams.get("next"))).toBe("/wallet-history?page=2&x=%2F");
  });
});
