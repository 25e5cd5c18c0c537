/**
 * Profile reads, the wallet address (set once, validated, current password, admin reset), referrer,
 * own referral code, the admin coin calls and hiding history rows.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as hideRoute from "@/app/api/admin/transactions/[id]/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as unhistRoute from "@/app/api/admin/users/[id]/coinunhist/route";
import * as adminTxRoute from "@/app/api/admin/users/[id]/transactions/route";
import * as exchangesRoute from "@/app/api/exchanges/route";
import * as txRoute from "@/app/api/transactions/by-id/[userId]/route";
import * as walletRoute from "@/app/api/users/[userId]/route";
import * as certRoute from "@/app/api/users/by-id/[userId]/certID/route";
import * as refcodeRoute from "@/app/api/users/by-id/[userId]/refcode/route";
import * as referrerRoute from "@/app/api/users/by-id/[userId]/referrer/route";
import * as profileRoute from "@/app/api/users/by-id/[userId]/route";
import * as addrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { DEFAULT_PASSWORD } from "../factories/users";
import { countOf, createUser, fund, snapshot, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";

const ADDR = "0x52908400098527886E0F7030069857D2E4169EE7";
const setAddr = (actor: TestUser, target: TestUser, body: unknown) =>
  call(addrRoute, "POST", "/x", { body, cookie: actor.cookie, params: { userId: target.userId } });
const walletOf = async (id: number) =>
  rowsOf<{ w: string | null }>(
    await (await getDb()).execute(sql`select wallet_addr as w from users where id = ${id}`),
  )[0]?.w ?? null;

describe("profile reads", () => {
  it("B10 answers the DESIGN §5 profile with CertID from idStatus and never a hash", async () => {
    const u = await createUser({ idStatus: "APPROVED" });
    const r = await call(profileRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(
      [
        "id",
        "userId",
        "name",
        "role",
        "CertID",
        "idStatus",
        "createdAt",
        "refCode",
        "refId",
        "walletAddr",
        "phone",
      ].sort(),
    );
    expect(r.body).toMatchObject({ id: u.id, userId: u.userId, CertID: true, idStatus: "APPROVED", role: "USER" });
    expect(r.text).not.toMatch(/argon2|password/i);
    const c = await call(certRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId.toUpperCase() } });
    expect(c.body).toEqual({ CertID: true, idStatus: "APPROVED" });
    const p = await createUser({ idStatus: "PENDING" });
    expect((await call(certRoute, "GET", "/x", { cookie: p.cookie, params: { userId: p.userId } })).body).toEqual({
      CertID: false,
      idStatus: "PENDING",
    });
    expect((await call(profileRoute, "GET", "/x", { cookie: p.cookie, params: { userId: u.userId } })).status).toBe(
      403,
    );
    const admin = await createUser({ role: "ADMIN" });
    expect((await call(profileRoute, "GET", "/x", { cookie: admin.cookie, params: { userId: u.userId } })).status).toBe(
      200,
    );
    expect((await call(profileRoute, "GET", "/x", { cookie: admin.cookie, params: { userId: "nobody" } })).status).toBe(
      404,
    );
  });

  it("lists the allowed exchanges of each network (the seeded destinations: the Korean ones)", async () => {
    const r = await call(exchangesRoute, "GET", "/api/exchanges");
    expect(r.body).toEqual({
      ERC20: ["Upbit", "Bithumb", "Coinone", "Korbit"],
      OP: ["Upbit", "Bithumb", "Coinone"],
      WORLDCHAIN: ["Upbit"],
    });
  });
});

describe("wallet address", () => {
  it("B16 is set once with the current password, canonicalised; a second set is 409; an admin resets it", async () => {
    const u = await createUser();
    const r = await setAddr(u, u, { walletAddr: `op|upbit|${ADDR}`, currentPassword: DEFAULT_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ walletAddr: `OP|Upbit|${ADDR}` });
    const w = await call(walletRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(w.body).toEqual({ userId: u.userId, walletAddr: `OP|Upbit|${ADDR}` });
    const again = await setAddr(u, u, { walletAddr: `ERC20|Upbit|${ADDR}`, currentPassword: DEFAULT_PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("WALLET_ALREADY_SET");
    expect(await walletOf(u.id)).toBe(`OP|Upbit|${ADDR}`);

    expect((await call(addrRoute, "DELETE", "/x", { cookie: u.cookie, params: { userId: u.userId } })).status).toBe(
      403,
    );
    const admin = await createUser({ role: "ADMIN" });
    const del = await call(addrRoute, "DELETE", "/x", { cookie: admin.cookie, params: { userId: u.userId } });
    expect(del.status).toBe(200);
    expect(await walletOf(u.id)).toBeNull();
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action = 'wallet.reset' and target_user_id = ${u.id}`,
      ),
    ).toBe(1);
    expect(
      (await setAddr(u, u, { walletAddr: `WORLDCHAIN|Upbit|${ADDR}`, currentPassword: DEFAULT_PASSWORD })).status,
    ).toBe(200);
  });

  it.each([
    ["no password", { walletAddr: `OP|Upbit|${ADDR}` }, 400, "WALLET_FIELDS_REQUIRED"],
    ["wrong password", { walletAddr: `OP|Upbit|${ADDR}`, currentPassword: "nope-nope-nope" }, 400, "WRONG_PASSWORD"],
    ["empty address", { walletAddr: "", currentPassword: DEFAULT_PASSWORD }, 400, "WALLET_FIELDS_REQUIRED"],
    ["missing part", { walletAddr: `OP||${ADDR}`, currentPassword: DEFAULT_PASSWORD }, 400, "WALLET_FIELDS_REQUIRED"],
    ["two parts", { walletAddr: `OP|${ADDR}`, currentPassword: DEFAULT_PASSWORD }, 400, "INVALID_WALLET"],
    [
      "unknown network",
      { walletAddr: `BSC|Binance|${ADDR}`, currentPassword: DEFAULT_PASSWORD },
      400,
      "INVALID_WALLET",
    ],
    [
      "exchange not on the network",
      { walletAddr: `OP|Bitfinex|${ADDR}`, currentPassword: DEFAULT_PASSWORD },
      400,
      "INVALID_WALLET",
    ],
    [
      "short address",
      { walletAddr: `OP|Upbit|${ADDR.slice(0, 41)}`, currentPassword: DEFAULT_PASSWORD },
      400,
      "INVALID_WALLET",
    ],
    [
      "bad checksum",
      { walletAddr: `OP|Upbit|${ADDR.replace("E0F", "e0F")}`, currentPassword: DEFAULT_PASSWORD },
      400,
      "INVALID_WALLET",
    ],
    [
      "old bank format",
      { walletAddr: "홍길동|국민은행|123-456", currentPassword: DEFAULT_PASSWORD },
      400,
      "INVALID_WALLET",
    ],
  ])("refuses %s (%s %s) and stores nothing", async (_n, body, status, code) => {
    const u = await createUser();
    const r = await setAddr(u, u, body);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect(await walletOf(u.id)).toBeNull();
  });

  it("B16 wrong current passwords are throttled: the 6th attempt within 15 minutes is 429 even with the right one", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) {
      const r = await setAddr(u, u, { walletAddr: `OP|Upbit|${ADDR}`, currentPassword: `wrong-${i}-password` });
      expect(r.body.code).toBe("WRONG_PASSWORD");
    }
    const r = await setAddr(u, u, { walletAddr: `OP|Upbit|${ADDR}`, currentPassword: DEFAULT_PASSWORD });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await walletOf(u.id)).toBeNull();
  });

  it("another member cannot set it (403); two concurrent sets → exactly one wins", async () => {
    const u = await createUser();
    const other = await createUser();
    expect(
      (await setAddr(other, u, { walletAddr: `OP|Upbit|${ADDR}`, currentPassword: DEFAULT_PASSWORD })).status,
    ).toBe(403);
    const results = await Promise.all(
      ["OP|Coinone", "ERC20|Upbit", "WORLDCHAIN|Upbit", "OP|Bithumb"].map((p) =>
        setAddr(u, u, { walletAddr: `${p}|${ADDR}`, currentPassword: DEFAULT_PASSWORD }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
  });
});

describe("referrer and own referral code", () => {
  it("sets a valid referrer once; unknown, own and repeated codes are refused", async () => {
    const ref = await createUser({ refCode: `RF${Date.now().toString(36).toUpperCase()}` });
    const u = await createUser();
    const post = (body: unknown, who = u) =>
      call(referrerRoute, "POST", "/x", { body, cookie: who.cookie, params: { userId: u.userId } });
    const unknown = await post({ refCode: "NOSUCHCODE" });
    expect([unknown.status, unknown.body.code]).toEqual([404, "INVALID_REFCODE"]);
    const own = await call(profileRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    const mine = await post({ refCode: own.body.refCode });
    expect([mine.status, mine.body.code]).toEqual([400, "OWN_REFCODE"]);
    expect((await post({ refCode: "" })).status).toBe(400);
    const ok = await post({ refCode: ref.userId ? (await profileOf(ref)).refCode.toLowerCase() : "" });
    expect(ok.status).toBe(200);
    const again = await post({ refCode: (await profileOf(ref)).refCode });
    expect([again.status, again.body.code]).toEqual([409, "REFERRER_ALREADY_SET"]);
    expect((await profileOf(u)).refId).toBe((await profileOf(ref)).refCode);
  });

  it("changes the own code: format checked, upper-cased, unique (409 'already in use')", async () => {
    const a = await createUser();
    const b = await createUser();
    const patch = (who: TestUser, refCode: unknown) =>
      call(refcodeRoute, "PATCH", "/x", { body: { refCode }, cookie: who.cookie, params: { userId: who.userId } });
    for (const bad of ["abc", "has space", "한글코드", "x".repeat(17), "A-B-C-D"]) {
      const r = await patch(a, bad);
      expect([r.status, r.body.code]).toEqual([400, "INVALID_REFCODE_FORMAT"]);
    }
    expect((await patch(a, "")).body.code).toBe("REFCODE_REQUIRED");
    const code = `NEW${a.id}X`;
    const ok = await patch(a, code.toLowerCase());
    expect(ok.body).toEqual({ refCode: code });
    const taken = await patch(b, code.toLowerCase());
    expect([taken.status, taken.body.code]).toEqual([409, "REFCODE_IN_USE"]);
    expect(taken.body.error).toBe("이미 사용 중인 코드입니다.");
    expect((await profileOf(b)).refCode).not.toBe(code);
    // Keeping one's own code is not a conflict.
    expect((await patch(a, code)).status).toBe(200);
  });
});

async function profileOf(u: TestUser) {
  return (await call(profileRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } })).body;
}

describe("admin coin calls and history", () => {
  it("PATCH coin credits with a DEPOSIT row and an audit row", async () => {
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const r = await call(coinRoute, "PATCH", "/x", {
      body: { symbol: "WLD", amount: "12.5", action: "deposit" },
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ symbol: "WLD", holding: "12.5" });
    const hist = await call(txRoute, "GET", "/x", { cookie: u.cookie, params: { userId: u.userId } });
    expect(hist.body.items[0]).toMatchObject({ type: "DEPOSIT", amount: "12.5" });
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action = 'admin.coin.deposit' and target_user_id = ${u.id}`,
      ),
    ).toBe(1);
    await expectLedgerConsistent();
  });

  it.each([
    [{ symbol: "WLD", amount: "0", action: "DEPOSIT" }],
    [{ symbol: "WLD", amount: "-1", action: "DEPOSIT" }],
    [{ symbol: "WLD", amount: "1e3", action: "DEPOSIT" }],
    [{ symbol: "WLD", amount: "1", action: "WITHDRAW" }],
    [{ symbol: "ABC", amount: "1", action: "DEPOSIT" }],
    [{ amount: "1", action: "DEPOSIT" }],
  ])("PATCH coin refuses %j with 400 and moves nothing", async (body) => {
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const before = await snapshot(u.id);
    const r = await call(coinRoute, "PATCH", "/x", { body, cookie: admin.cookie, params: { id: String(u.id) } });
    expect(r.status).toBe(400);
    expect(await snapshot(u.id)).toEqual(before);
  });

  it("refuses members, unknown users and non-numeric ids", async () => {
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const body = { symbol: "WLD", amount: "1", action: "DEPOSIT" };
    expect(
      (await call(coinRoute, "PATCH", "/x", { body, cookie: u.cookie, params: { id: String(u.id) } })).status,
    ).toBe(403);
    expect(
      (await call(coinRoute, "PATCH", "/x", { body, cookie: admin.cookie, params: { id: "99999999" } })).status,
    ).toBe(404);
    expect(
      (await call(coinRoute, "PATCH", "/x", { body, cookie: admin.cookie, params: { id: "1;drop" } })).status,
    ).toBe(404);
    expect(await wld(u.id)).toMatchObject({ holding: "0" });
  });

  it("coinunhist moves against 'adjustments' with no member-visible row, audited, never below zero", async () => {
    const u = await createUser();
    const admin = await createUser({ role: "SUPERADMIN" });
    const patch = (body: unknown) =>
      call(unhistRoute, "PATCH", "/x", { body, cookie: admin.cookie, params: { id: String(u.id) } });
    expect((await patch({ symbol: "WLD", amount: "8", action: "deposit" })).body).toEqual({
      symbol: "WLD",
      holding: "8",
    });
    expect((await patch({ symbol: "WLD", amount: "3", action: "WITHDRAW" })).body).toEqual({
      symbol: "WLD",
      holding: "5",
    });
    const over = await patch({ symbol: "WLD", amount: "5.1", action: "withdraw" });
    expect([over.status, over.body.code]).toEqual([409, "INSUFFICIENT_FUNDS"]);
    expect((await patch({ symbol: "WLD", amount: "1", action: "staking" })).status).toBe(400);
    expect(await wld(u.id)).toMatchObject({ holding: "5" });
    expect(await countOf(sql`select count(*)::text as n from transactions where user_id = ${u.id}`)).toBe(0);
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action like 'admin.coin.unrecorded.%' and target_user_id = ${u.id}`,
      ),
    ).toBe(2);
    await expectLedgerConsistent();
  });

  it("A7 DELETE transaction hides the row from the member only; the ledger and balances stay; audited", async () => {
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    for (const amount of ["1", "2", "3"])
      await call(coinRoute, "PATCH", "/x", {
        body: { symbol: "WLD", amount, action: "DEPOSIT" },
        cookie: admin.cookie,
        params: { id: String(u.id) },
      });
    const list = async () =>
      (await call(txRoute, "GET", "/x?page=1&limit=10", { cookie: u.cookie, params: { userId: u.userId } })).body;
    const before = await list();
    expect(before.total).toBe(3);
    expect(before.items.map((i: { amount: string }) => i.amount)).toEqual(["3", "2", "1"]);
    const target = before.items[1].id as number;
    const postings = await countOf(sql`select count(*)::text as n from ledger_entries`);
    expect((await call(hideRoute, "DELETE", "/x", { cookie: u.cookie, params: { id: String(target) } })).status).toBe(
      403,
    );
    const r = await call(hideRoute, "DELETE", "/x", { cookie: admin.cookie, params: { id: String(target) } });
    expect(r.body).toEqual({ id: target, hidden: true });
    const after = await list();
    expect(after.total).toBe(2);
    expect(after.items.map((i: { amount: string }) => i.amount)).toEqual(["3", "1"]);
    expect(await wld(u.id)).toMatchObject({ holding: "6" });
    expect(await countOf(sql`select count(*)::text as n from ledger_entries`)).toBe(postings);
    const adminView = await call(adminTxRoute, "GET", "/x", { cookie: admin.cookie, params: { id: String(u.id) } });
    expect(adminView.body.total).toBe(3);
    expect(adminView.body.items.find((i: { id: number }) => i.id === target)).toMatchObject({ hidden: true });
    expect((await call(hideRoute, "DELETE", "/x", { cookie: admin.cookie, params: { id: "99999999" } })).status).toBe(
      404,
    );
    expect(
      await countOf(
        sql`select count(*)::text as n from audit_log where action = 'admin.transaction.hide' and target_id = ${String(target)}`,
      ),
    ).toBe(1);
    await expectLedgerConsistent();
  });

  it("pages the member's history newest first and validates page and limit", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "1" });
    const admin = await createUser({ role: "ADMIN" });
    for (let i = 1; i <= 12; i++)
      await call(coinRoute, "PATCH", "/x", {
        body: { symbol: "WLD", amount: String(i), action: "DEPOSIT" },
        cookie: admin.cookie,
        params: { id: String(u.id) },
      });
    const get = (q: string) => call(txRoute, "GET", `/x?${q}`, { cookie: u.cookie, params: { userId: u.userId } });
    const p1 = await get("page=1&limit=10");
    expect(p1.body.total).toBe(12);
    expect(p1.body.items).toHaveLength(10);
    expect(p1.body.items[0].amount).toBe("12");
    const p2 = await get("page=2&limit=10");
    expect(p2.body.items.map((i: { amount: string }) => i.amount)).toEqual(["2", "1"]);
    for (const bad of ["page=0", "limit=0", "limit=51", "page=-1", "page=1.5", "limit=abc"])
      expect((await get(bad)).status).toBe(400);
  });
});
