/**
 * SECURITY, trust guard "cool-down bypass by a second session" (T4 in docs/security.md):
 * the 24-hour money cool-down belongs to the member, not to the session that changed the password. A member
 * signed in on two devices changes the password on one: the other device's session ends at once, a fresh login
 * on it (with the new password, through the real login route) is still refused with 403 COOLDOWN, and so is the
 * session that made the change; a day later both work. Time moves with lib/clock, never by waiting.
 */
import { afterEach, describe, expect, it } from "vitest";
import * as loginRoute from "@/app/api/login/route";
import * as route from "@/app/api/transfer-requests/route";
import * as passwordRoute from "@/app/api/users/by-id/[userId]/password/route";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { approvedMember, fund, snapshot } from "../factories/money";
import { cookieFor, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

const NEW_PASSWORD = "Second-Device-2031";
const ask = (cookie: string) =>
  call(route, "POST", "/api/transfer-requests", { body: { amount: "10", type: "WITHDRAW" }, cookie });
const cookieOf = (headers: Headers) => headers.get("set-cookie")!.split(";")[0]!;

afterEach(() => setTestClock(null));

describe("T4 a second session does not escape the money cool-down", () => {
  it("device B's session ends with the password change, a new login on B is still in the cool-down, then both open", async () => {
    setTestClock("2031-05-02T01:00:00Z");
    const u = await approvedMember();
    await fund(u.id, { staked: "100" });
    const deviceB = await cookieFor({ ...u, sessionVersion: 0 }); // a second login (its own sessions row)

    const pw = await call(passwordRoute, "PATCH", `/api/users/by-id/${u.userId}/password`, {
      cookie: u.cookie,
      params: { userId: u.userId },
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(pw.status).toBe(200);
    const deviceA = cookieOf(pw.headers);
    const before = await snapshot(u.id);

    // B's old session is gone; a fresh login on B works but cannot move money either.
    expect((await ask(deviceB)).status).toBe(401);
    const login = await call(loginRoute, "POST", "/api/login", {
      body: { userId: u.userId, password: NEW_PASSWORD },
    });
    expect(login.status).toBe(200);
    const deviceBAgain = cookieOf(login.headers);
    for (const cookie of [deviceBAgain, deviceA]) {
      const r = await ask(cookie);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("COOLDOWN");
    }
    expect(await snapshot(u.id)).toEqual(before);

    advanceTestClock(24 * 3_600_000 + 60_000);
    const later = await ask(deviceBAgain);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    await expectLedgerConsistent();
  });
});
