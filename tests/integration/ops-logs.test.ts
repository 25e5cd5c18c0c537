/**
 * Structured logs through the real route handlers: the request id round trip (a safe
 * X-Request-Id from the proxy is kept and answered back, anything else replaced), the id on every line written
 * while a request is served (the access line and a price feed's warning from deep inside lib/), a job's own id,
 * the access line's shape, and no secret in any line across sign-up, login, two-factor and cookie-carrying calls.
 * Lines are captured where lib/log.ts writes them (console.log → stdout, console.warn/error → stderr).
 */
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as login2faRoute from "@/app/api/login/2fa/route";
import * as priceRoute from "@/app/api/price/WLD/route";
import * as signupRoute from "@/app/api/signup/route";
import * as confirmRoute from "@/app/api/two-factor/confirm/route";
import * as enrolRoute from "@/app/api/two-factor/enrol/route";
import * as coinsRoute from "@/app/api/users/by-id/[userId]/coins/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { advanceTestClock, now, setTestClock } from "@/lib/clock";
import { resetPriceFeeds } from "@/lib/prices";
import { startPriceRefresh } from "@/lib/prices/job";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { streamLines } from "../support/log-lines";
import { freshIp, loginAs, sessionCookieOf } from "./auth-helpers";

type Line = Record<string, unknown> & { time: string; level: string; msg: string; requestId?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every line the logger writes while `fn` runs, raw (to grep) and parsed (each must be one JSON object). */
async function captured(fn: () => Promise<unknown>): Promise<{ raw: string; lines: Line[] }> {
  const raw = await streamLines(fn);
  return { raw: raw.join("\n"), lines: raw.map((l) => JSON.parse(l) as Line) };
}

const saved = { level: process.env.LOG_LEVEL };
beforeAll(() => {
  process.env.LOG_LEVEL = "debug"; // everything the server would write, access lines included
});
afterAll(() => {
  if (saved.level === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = saved.level;
  setTestClock(null);
});

const coins = (u: { userId: string; cookie: string }, headers: Record<string, string> = {}) =>
  call(coinsRoute, "GET", `/api/users/by-id/${u.userId}/coins`, {
    cookie: u.cookie,
    params: { userId: u.userId },
    headers,
  });

describe("request id", () => {
  it("a safe X-Request-Id from the proxy is answered back and is on the request's log line; else a fresh UUID", async () => {
    const u = await createUser();
    const { lines } = await captured(async () => {
      const kept = await coins(u, { "x-request-id": "nginx-7f3a.9_b" });
      expect(kept.status).toBe(200);
      expect(kept.headers.get("x-request-id")).toBe("nginx-7f3a.9_b");
    });
    expect(lines.filter((l) => l.msg === "request")).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: "info",
        msg: "request",
        requestId: "nginx-7f3a.9_b",
        method: "GET",
        route: "/api/users/by-id/[userId]/coins",
        status: 200,
        ms: expect.any(Number),
      },
    ]);

    for (const sent of [undefined, "a b", 'x","level":"error', "y".repeat(65), "é"]) {
      let answered: string | null = null;
      const { lines: own } = await captured(async () => {
        answered = (await coins(u, sent === undefined ? {} : { "x-request-id": sent })).headers.get("x-request-id");
      });
      expect(answered, String(sent)).toMatch(UUID);
      expect(own, String(sent)).toMatchObject([{ msg: "request", requestId: answered }]);
    }
  });

  it("an error answer carries the id too (401 without a session)", async () => {
    const u = await createUser();
    const { lines } = await captured(async () => {
      const r = await call(coinsRoute, "GET", `/api/users/by-id/${u.userId}/coins`, {
        params: { userId: u.userId },
        headers: { "x-request-id": "r-401" },
      });
      expect(r.status).toBe(401);
      expect(r.headers.get("x-request-id")).toBe("r-401");
      expect(r.body.code).toBe("UNAUTHENTICATED");
    });
    expect(lines).toMatchObject([{ msg: "request", requestId: "r-401", status: 401 }]);
  });

  it("a line written deep inside lib/ while serving (the price feed's warning) carries the request's id", async () => {
    resetPriceFeeds(); // the exchanges (127.0.0.1:9 in tests) refuse: the feed warns and backs off
    vi.stubEnv("NODE_ENV", "production"); // the feed is silent under NODE_ENV=test
    let lines: Line[];
    try {
      ({ lines } = await captured(() =>
        call(priceRoute, "GET", "/api/price/WLD", { headers: { "x-request-id": "px-1" } }),
      ));
    } finally {
      vi.unstubAllEnvs();
    }
    const feed = lines.filter((l) => l.msg.startsWith("price feed"));
    expect(feed.length).toBeGreaterThan(0);
    for (const l of feed) expect(l).toMatchObject({ level: "warn", requestId: "px-1" });
    expect(lines.at(-1)).toMatchObject({ msg: "request", requestId: "px-1", route: "/api/price/WLD" });
  });

  it("a background job logs under its own id", async () => {
    resetPriceFeeds();
    vi.stubEnv("NODE_ENV", "production");
    let lines: Line[];
    try {
      ({ lines } = await captured(async () => {
        startPriceRefresh(); // the first refresh runs at once; the interval is unref'd
        await vi.waitFor(() => expect(process.stderr.write).toHaveBeenCalled(), { timeout: 10_000 });
      }));
    } finally {
      vi.unstubAllEnvs();
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.requestId).toBe("job:price-refresh");
  });
});

describe("no secret reaches a log line", () => {
  it("sign-up, login, a wrong password, two-factor enrolment and login, a password change, cookie-carrying calls", async () => {
    const password = `Pw-${Math.random().toString(36).slice(2)}-Secret!`;
    const newPassword = `New-${Math.random().toString(36).slice(2)}-Secret!`;
    const refCode = `OPS${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    await createUser({ refCode });
    const userId = `ops${Math.random().toString(36).slice(2, 9)}`;
    const secrets: string[] = [password, newPassword, DEFAULT_PASSWORD, process.env.AUTH_SECRET!];
    const { raw, lines } = await captured(async () => {
      const ip = freshIp();
      const up = await call(signupRoute, "POST", "/api/signup", {
        body: { name: "홍길동", userId, password, refId: refCode },
        headers: { "x-forwarded-for": ip },
      });
      expect(up.status, JSON.stringify(up.body)).toBeLessThan(300);
      expect((await loginAs(userId, "wrong-password-123", ip)).status).toBe(401);
      const login = await loginAs(userId, password, ip);
      expect(login.status).toBe(200);
      const cookie = sessionCookieOf(login.headers)!;
      secrets.push(cookie.split("=").slice(1).join("="));
      expect((await coins({ userId, cookie })).status).toBe(200);

      const start = await call(enrolRoute, "POST", "/api/two-factor/enrol", {
        cookie,
        body: { currentPassword: password },
      });
      expect(start.status).toBe(200);
      const key = (start.body.manualKey as string).replace(/\s/g, "");
      const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" });
      const code = totp.generate({ timestamp: now().getTime() });
      const done = await call(confirmRoute, "POST", "/api/two-factor/confirm", { cookie, body: { code } });
      expect(done.status).toBe(200);
      secrets.push(key, code, ...(done.body.recoveryCodes as string[]));

      setTestClock(now());
      advanceTestClock(30_000); // the next step's code is a new one
      const first = await loginAs(userId, password, ip);
      const pending = first.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .find((c) => c.startsWith("wld-2fa-pending="))!;
      secrets.push(pending.split("=")[1]!);
      const code2 = totp.generate({ timestamp: now().getTime() });
      secrets.push(code2);
      const second = await call(login2faRoute, "POST", "/api/login/2fa", {
        cookie: pending,
        body: { code: code2 },
        headers: { "x-forwarded-for": ip },
      });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const cookie2 = sessionCookieOf(second.headers)!;
      secrets.push(cookie2.split("=").slice(1).join("="));

      expect((await coins({ userId, cookie: cookie2 })).status).toBe(200);
      const changed = await call(passwordRoute, "PATCH", `/api/users/by-id/${userId}/password`, {
        cookie: cookie2,
        params: { userId },
        body: { currentPassword: password, newPassword, newPasswordConfirm: newPassword },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
    });
    // Something was logged (every call has its access line), and none of it is a secret or the member's id.
    expect(lines.filter((l) => l.msg === "request").length).toBeGreaterThanOrEqual(9);
    for (const s of secrets) {
      expect(s.length).toBeGreaterThan(5);
      expect(raw).not.toContain(s);
    }
    expect(raw).not.toContain(userId);
    expect(raw).not.toMatch(/argon2|set-cookie|authorization|session-token/i);
  });
});
