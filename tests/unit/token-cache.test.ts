/**
 * lib/auth/cookies.ts peekToken keeps decoded session tokens by their exact text so that next-auth's HKDF +
 * AES-GCM decode runs once per token, not once per request. A hit must still honour the token's expiry,
 * a changed byte must never be served from the cache, and the cache stays bounded.
 */
import { encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

let cookies: typeof import("@/lib/auth/cookies");
const secret = "unit-secret-unit-secret-unit-secret-0123456789";

beforeAll(async () => {
  process.env.AUTH_SECRET = secret;
  cookies = await import("@/lib/auth/cookies");
});
afterEach(() => vi.useRealTimers());

const token = (uid: number, maxAge = 3600) =>
  encode({ token: { uid, sid: `sid-${uid}`, role: "USER" }, secret, maxAge });

describe("peekToken's decoded-token cache", () => {
  it("answers the same claims from the cache and keeps one entry per token", async () => {
    const raw = await token(1);
    const before = cookies.decodedTokenCount();
    const first = await cookies.peekToken(raw);
    const second = await cookies.peekToken(raw);
    expect(first).toEqual({ uid: 1, sid: "sid-1", role: "USER" });
    expect(second).toEqual(first);
    expect(cookies.decodedTokenCount()).toBe(before + 1);
  });

  it("refuses a cached token once it has expired", async () => {
    const raw = await token(2, 60);
    expect(await cookies.peekToken(raw)).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await cookies.peekToken(raw)).toBeNull();
  });

  it("never serves a tampered token from the cache", async () => {
    const raw = await token(3);
    expect(await cookies.peekToken(raw)).not.toBeNull();
    const parts = raw.split(".");
    const tag = parts[4]!;
    parts[4] = (tag[0] === "A" ? "B" : "A") + tag.slice(1);
    expect(await cookies.peekToken(parts.join("."))).toBeNull();
    expect(await cookies.peekToken(`${raw}x`)).toBeNull();
  });

  it("stays bounded: the oldest token goes first", async () => {
    const first = await token(10);
    await cookies.peekToken(first);
    for (let i = 0; i < 10_050; i++) await cookies.peekToken(await token(100 + i));
    expect(cookies.decodedTokenCount()).toBe(10_000);
    // The first token was evicted, so it is decoded again (and still valid): same claims.
    expect(await cookies.peekToken(first)).toEqual({ uid: 10, sid: "sid-10", role: "USER" });
  }, 60_000);
});
