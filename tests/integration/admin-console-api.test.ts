/**
 * The admin console's API through the real route handlers: the member list with balances, search and
 * a capped count; the dashboard; the ID queue; the request queue; referral codes; the audit log with memos;
 * bad filters. Exports and the reward run have their own files.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as auditRoute from "@/app/api/admin/audit/route";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import * as idDocsRoute from "@/app/api/admin/id-documents/route";
import * as referralRoute from "@/app/api/admin/referral-codes/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as requestsRoute from "@/app/api/admin/requests/route";
import * as coinRoute from "@/app/api/admin/users/[id]/coin/route";
import * as phoneRoute from "@/app/api/admin/users/[id]/phone/route";
import * as listRoute from "@/app/api/admin/users/paginated/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { D } from "@/lib/money";
import { krwValueOf } from "@/lib/krw-value";
import { kstDay } from "@/lib/kst-day";
import { approvedMember, fund, OP_WALLET } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "ADMIN" });
});
const get = (route: object, url: string, who: TestUser = admin) => call(route, "GET", url, { cookie: who.cookie });
const exec = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await (await getDb()).execute(q));

async function auditRows(action: string, targetUserId: number) {
  return exec(
    sql`SELECT memo, actor_id FROM audit_log WHERE action = ${action} AND target_user_id = ${targetUserId} ORDER BY id`,
  );
}

describe(`member list (${kind})`, () => {
  it("rows carry idStatus, role, createdAt and the WLD holding and staked balances", async () => {
    const u = await createUser({ userId: `bal${Date.now().toString(36)}`, idStatus: "APPROVED" });
    await fund(u.id, { holding: "12.5", staked: "30" });
    const r = await get(listRoute, `/api/admin/users/paginated?search=${u.userId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 1, totalCapped: false });
    expect(r.body.users[0]).toMatchObject({
      id: u.id,
      userId: u.userId,
      idStatus: "APPROVED",
      role: "USER",
      holdingWld: "12.5",
      stakedWld: "30",
    });
    expect(Date.parse(r.body.users[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const none = await createUser();
    const r2 = await get(listRoute, `/api/admin/users/paginated?search=${none.userId}`);
    expect(r2.body.users[0]).toMatchObject({ holdingWld: "0", stakedWld: "0" });
    expect(r2.text).not.toMatch(/argon2|password/i);
  });

  it("searches a userId prefix, a name or userId fragment and a phone fragment; 10 per page by default", async () => {
    const tag = `k${Date.now().toString(36)}`;
    await exec(sql`
      INSERT INTO users (user_id, name, password_hash, ref_code, phone)
      SELECT ${tag} || g, '홍길동' || ${tag} || g, 'x', upper(${tag}) || 'R' || g, '010-77' || lpad(g::text, 2, '0') || '-' || ${tag.slice(-4)}
      FROM generate_series(1, 12) g`);
    const prefix = await get(listRoute, `/api/admin/users/paginated?search=${tag}1`);
    expect(prefix.body.total).toBe(4); // 1, 10, 11, 12
    const fragment = await get(listRoute, `/api/admin/users/paginated?search=${encodeURIComponent(`길동${tag}`)}`);
    expect(fragment.body.total).toBe(12);
    expect(fragment.body.users).toHaveLength(10);
    expect(fragment.body.users[0].userId).toBe(`${tag}12`); // newest first (same instant: highest id)
    const page2 = await get(listRoute, `/api/admin/users/paginated?search=${encodeURIComponent(`길동${tag}`)}&page=2`);
    expect(page2.body.users).toHaveLength(2);
    const phone = await get(listRoute, `/api/admin/users/paginated?phone=77${"03"}-${tag.slice(-4)}`);
    expect(phone.body.users.map((u: { userId: string }) => u.userId)).toEqual([`${tag}3`]);
    const both = await get(listRoute, `/api/admin/users/paginated?search=${tag}&phone=7711`);
    expect(both.body.total).toBe(1);
  });

  it("a one- or two-character term (no trigram: scanned, not read from the indexes) finds the same members", async () => {
    // Two syllables nobody else in the test database has; the members carry them in their names.
    const tag = `t2${Date.now().toString(36)}`;
    await exec(sql`
      INSERT INTO users (user_id, name, password_hash, ref_code, phone)
      SELECT ${tag} || g, '뷁' || g || '쨟뷁쨟', 'x', upper(${tag}) || 'R' || g, '010-99' || g || '9-' || ${tag.slice(-4)}
      FROM generate_series(1, 3) g`);
    const two = await get(listRoute, `/api/admin/users/paginated?search=${encodeURIComponent("쨟뷁")}`);
    expect(two.body).toMatchObject({ total: 3, totalCapped: false });
    expect(two.body.users.map((u: { userId: string }) => u.userId)).toEqual([`${tag}3`, `${tag}2`, `${tag}1`]);
    const one = await get(listRoute, `/api/admin/users/paginated?search=${encodeURIComponent("쨟")}`);
    expect(one.body.total).toBe(3);
    const both = await get(listRoute, `/api/admin/users/paginated?search=${encodeURIComponent("쨟뷁")}&phone=92`);
    expect(both.body.users.map((u: { userId: string }) => u.userId)).toEqual([`${tag}2`]);
  });

  it("counts at most 1,000 matches (totalCapped beyond); pages past the cap still answer", async () => {
    const tag = `cap${Date.now().toString(36)}`;
    await exec(sql`
      INSERT INTO users (user_id, name, password_hash, ref_code)
      SELECT ${tag} || g, 'Cap ' || g, 'x', upper(${tag}) || g FROM generate_series(1, 1005) g`);
    const r = await get(listRoute, `/api/admin/users/paginated?search=${tag}&limit=10`);
    expect(r.body).toMatchObject({ total: 1000, totalCapped: true });
    const far = await get(listRoute, `/api/admin/users/paginated?search=${tag}&page=101&limit=10`);
    expect(far.body.users).toHaveLength(5);
    const all = await get(listRoute, "/api/admin/users/paginated");
    expect(all.body.totalCapped).toBe(true);
    expect(all.body.total).toBeGreaterThanOrEqual(1000);
    expect(all.body.users).toHaveLength(10);
  });
});

describe(`dashboard (${kind})`, () => {
  it("members, new today, the ID queue, pending requests per type, WLD owed by kind, 30 KST days of sign-ups", async () => {
    const before = await get(dashboardRoute, "/api/admin/dashboard");
    expect(before.status).toBe(200);
    const m = await approvedMember();
    await fund(m.id, { holding: "5", staked: "20" });
    const t = await call(transferRoute, "POST", "/api/transfer-requests", {
      cookie: m.cookie,
      body: { amount: "10", type: "TRANSFER" },
    });
    expect(t.status).toBe(201);
    const pendingId = await createUser({ idStatus: "PENDING" });
    await exec(
      sql`INSERT INTO id_documents (user_id, status, storage_key) VALUES (${pendingId.id}, 'PENDING', 'dash-key')`,
    );
    const after = await get(dashboardRoute, "/api/admin/dashboard");
    const b = before.body;
    const a = after.body;
    expect(a.members.total - b.members.total).toBe(2);
    expect(a.members.newToday - b.members.newToday).toBe(2);
    expect(a.idDocumentsPending - b.idDocumentsPending).toBe(1);
    expect(a.pendingRequests.TRANSFER - b.pendingRequests.TRANSFER).toBe(1);
    expect(a.pendingRequests).toHaveProperty("DEPOSIT");
    expect(a.pendingRequests).toHaveProperty("WITHDRAW");
    const held = new D(a.wldOwed.held).minus(b.wldOwed.held);
    const staked = new D(a.wldOwed.staked).minus(b.wldOwed.staked);
    expect(held.plus(staked).toFixed()).toBe("20"); // the transfer moved staked → held
    expect(held.gt(10)).toBe(true); // amount + fee
    expect(new D(a.wldOwed.holding).minus(b.wldOwed.holding).toFixed()).toBe("5");
    expect(a.signups).toHaveLength(30);
    expect(a.signups[29].day).toBe(kstDay(new Date()));
    expect(a.signups[0].day < a.signups[29].day).toBe(true);
    expect(a.signups.every((s: { count: number }) => Number.isInteger(s.count))).toBe(true);
    expect(a.signups[29].count - b.signups[29].count).toBe(2);
  });
});

describe(`ID review queue (${kind})`, () => {
  it("lists pending submissions oldest first with the member and the image URL", async () => {
    const first = await createUser({ idStatus: "PENDING" });
    const second = await createUser({ idStatus: "PENDING" });
    await exec(sql`INSERT INTO id_documents (user_id, status, storage_key, created_at)
      VALUES (${second.id}, 'PENDING', 'key-second', now()), (${first.id}, 'PENDING', 'key-first', now() - interval '1 hour')`);
    const r = await get(idDocsRoute, "/api/admin/id-documents?status=PENDING&limit=50");
    expect(r.status).toBe(200);
    const ids = r.body.items.map((i: { user: { id: number } }) => i.user.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(r.body.items.find((i: { user: { id: number } }) => i.user.id === first.id)).toMatchObject({
      user: { userId: first.userId },
      imageUrl: "/api/id-images/key-first",
    });
    expect((await get(idDocsRoute, "/api/admin/id-documents?status=APPROVED")).status).toBe(400);
  });
});

describe(`request queue (${kind})`, () => {
  it("PENDING first then oldest first; member, amounts, KRW value and the address split", async () => {
    const m = await approvedMember();
    await fund(m.id, { staked: "50" });
    const t = await call(transferRoute, "POST", "/api/transfer-requests", {
      cookie: m.cookie,
      body: { amount: "10", type: "TRANSFER" },
    });
    const id = t.body.request.id as number;
    // An older handled request and a priced one, as stored rows.
    await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, wallet_addr, price_krw, created_at)
      VALUES (${m.id}, 'WITHDRAW', 'WLD', 5, 0.1, 5.1, 'REJECTED', 'not-split', 2800, now() - interval '2 days')`);
    // 10.7116 × 1540 = 16,495.864 — the console says ₩16,495 as the member's screen does (cut, not rounded).
    await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, wallet_addr, price_krw, created_at)
      VALUES (${m.id}, 'TRANSFER', 'WLD', 10.5116, 0.2, 10.7116, 'CANCELLED', 'not-split', 1540, now() - interval '3 days')`);
    const r = await get(requestsRoute, "/api/admin/requests?limit=50");
    expect(r.status).toBe(200);
    const items = r.body.items as { id: number; status: string; createdAt: string }[];
    const firstDone = items.findIndex((i) => i.status !== "PENDING");
    expect(items.slice(0, firstDone).every((i) => i.status === "PENDING")).toBe(true);
    const pend = items.slice(0, firstDone).map((i) => i.createdAt);
    expect([...pend].sort()).toEqual(pend);
    const mine = r.body.items.find((i: { id: number }) => i.id === id);
    const [network, exchange, address] = OP_WALLET.split("|");
    expect(mine).toMatchObject({
      type: "TRANSFER",
      status: "PENDING",
      coinSymbol: "WLD",
      amount: "10",
      user: { id: m.id, userId: m.userId },
      wallet: { network, exchange, address },
      // A transfer request stores the WLD price of its moment (for the daily limit): 10.2 × 2800.
      krwValue: "28560",
    });
    expect(new D(mine.total).eq(new D(mine.amount).plus(mine.fee))).toBe(true);
    const rejected = r.body.items.find(
      (i: { status: string; user: { id: number } }) => i.status === "REJECTED" && i.user.id === m.id,
    );
    expect(rejected).toMatchObject({
      krwValue: "14280",
      wallet: { network: null, exchange: null, address: "not-split" },
    });
    const cut = r.body.items.find(
      (i: { status: string; user: { id: number } }) => i.status === "CANCELLED" && i.user.id === m.id,
    );
    expect(cut.krwValue).toBe("16495");
    expect(cut.krwValue).toBe(krwValueOf(cut.total, cut.priceKrw).toFixed());
    const onlyW = await get(requestsRoute, "/api/admin/requests?type=withdraw&status=rejected");
    expect(
      onlyW.body.items.every((i: { type: string; status: string }) => i.type === "WITHDRAW" && i.status === "REJECTED"),
    ).toBe(true);
    expect(onlyW.body.total).toBeGreaterThanOrEqual(1);
  });
});

describe(`referral codes (${kind})`, () => {
  it("member codes and sign-up codes with owner and the sign-ups that used them", async () => {
    const owner = await createUser();
    const [o] = await exec(sql`SELECT ref_code FROM users WHERE id = ${owner.id}`);
    const code = String(o?.ref_code);
    const tag = `rf${Date.now().toString(36)}`;
    await exec(sql`INSERT INTO users (user_id, name, password_hash, ref_code, ref_id, referrer_id)
      SELECT ${tag} || g, 'R', 'x', upper(${tag}) || g, ${code}, ${owner.id} FROM generate_series(1, 3) g`);
    await exec(
      sql`INSERT INTO signup_codes (code, owner_id, uses, note) VALUES (${`SC${tag}`.toUpperCase()}, ${admin.id}, 7, 'event')`,
    );
    const r = await get(referralRoute, `/api/admin/referral-codes?search=${code}`);
    expect(r.status).toBe(200);
    expect(r.body.items.find((i: { code: string }) => i.code === code)).toMatchObject({
      kind: "member",
      owner: { id: owner.id, userId: owner.userId },
      signups: 3,
      active: true,
    });
    const s = await get(referralRoute, `/api/admin/referral-codes?search=sc${tag}`);
    expect(s.body.items).toEqual([
      expect.objectContaining({
        kind: "signup-code",
        signups: 7,
        note: "event",
        owner: expect.objectContaining({ id: admin.id }),
      }),
    ]);
    const all = await get(referralRoute, "/api/admin/referral-codes");
    expect(all.body.items.length).toBeLessThanOrEqual(20);
  });
});

describe(`memo and audit log (${kind})`, () => {
  it("G32 a coin credit, a phone edit and a request approval carry the memo into their audit rows", async () => {
    const memo = "고객 요청 #123\n두 번째 줄";
    const headers = { "x-audit-memo": encodeURIComponent(memo) };
    const m = await approvedMember();
    const coin = await call(coinRoute, "PATCH", `/api/admin/users/${m.id}/coin`, {
      cookie: admin.cookie,
      params: { id: String(m.id) },
      headers,
      body: { symbol: "WLD", amount: "3", action: "DEPOSIT" },
    });
    expect(coin.status).toBe(200);
    expect((await auditRows("admin.coin.deposit", m.id)).map((r) => r.memo)).toEqual([memo]);
    const phone = await call(phoneRoute, "PATCH", `/api/admin/users/${m.id}/phone`, {
      cookie: admin.cookie,
      params: { id: String(m.id) },
      headers,
      body: { phone: "010-1234-5678" },
    });
    expect(phone.status).toBe(200);
    expect((await auditRows("PHONE_CHANGE", m.id)).map((r) => r.memo)).toEqual([memo]);
    await fund(m.id, { staked: "30" });
    const t = await call(transferRoute, "POST", "/api/transfer-requests", {
      cookie: m.cookie,
      body: { amount: "10", type: "TRANSFER" },
    });
    const id = t.body.request.id as number;
    const ok = await call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
      cookie: admin.cookie,
      params: { id: String(id) },
      headers,
      body: { action: "approve" },
    });
    expect(ok.status).toBe(200);
    const rows = await auditRows("request.approved", m.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.memo === memo)).toBe(true);
    // Without the header: no memo.
    await call(phoneRoute, "PATCH", `/api/admin/users/${m.id}/phone`, {
      cookie: admin.cookie,
      params: { id: String(m.id) },
      body: { phone: "010-0000-0000" },
    });
    expect((await auditRows("PHONE_CHANGE", m.id)).map((r) => r.memo)).toEqual([memo, null]);

    // The audit list shows it, filtered by actor, target and action, newest first.
    const list = await get(auditRoute, `/api/admin/audit?actor=${admin.userId}&target=${m.userId}&action=PHONE_CHANGE`);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items[0]).toMatchObject({
      action: "PHONE_CHANGE",
      actor: { id: admin.id, userId: admin.userId },
      target: { id: m.id, userId: m.userId },
      memo: null,
      after: { phone: "010-0000-0000" },
    });
    expect(list.body.items[1].memo).toBe(memo);
    expect(list.body.items[0]).toHaveProperty("before");
    expect(list.body.items[0]).toHaveProperty("ip");
    expect(Date.parse(list.body.items[0].at)).toBeGreaterThanOrEqual(Date.parse(list.body.items[1].at));
  });

  it("refuses a bad memo with 400 INVALID_MEMO and changes nothing", async () => {
    const m = await createUser();
    for (const bad of ["a\tb", "x".repeat(501), "%E0%A4%A", "bell\u0007"]) {
      const value = bad.startsWith("%") ? bad : encodeURIComponent(bad);
      const r = await call(phoneRoute, "PATCH", `/api/admin/users/${m.id}/phone`, {
        cookie: admin.cookie,
        params: { id: String(m.id) },
        headers: { "x-audit-memo": value },
        body: { phone: "010-9999-9999" },
      });
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe("INVALID_MEMO");
      expect(r.body.error).toBeTruthy();
    }
    expect(await auditRows("PHONE_CHANGE", m.id)).toEqual([]);
    const ok = await call(phoneRoute, "PATCH", `/api/admin/users/${m.id}/phone`, {
      cookie: admin.cookie,
      params: { id: String(m.id) },
      headers: { "x-audit-memo": encodeURIComponent("가".repeat(500)) },
      body: { phone: "010-9999-9999" },
    });
    expect(ok.status).toBe(200);
  });

  it("pages 20 per page and filters a KST date range", async () => {
    const m = await createUser();
    await exec(sql`INSERT INTO audit_log (action, actor_id, target_user_id, at)
      SELECT 'TEST_EVENT', ${admin.id}, ${m.id}, '2025-03-01T15:30:00Z'::timestamptz + g * interval '1 minute'
      FROM generate_series(1, 25) g`);
    const p1 = await get(auditRoute, `/api/admin/audit?target=${m.userId}`);
    expect(p1.body.items).toHaveLength(20);
    expect(p1.body.total).toBe(25);
    const p2 = await get(auditRoute, `/api/admin/audit?target=${m.userId}&page=2`);
    expect(p2.body.items).toHaveLength(5);
    // 2025-03-01T15:31Z… is 2025-03-02 00:31 KST onward: nothing on the KST day 2025-03-01.
    expect((await get(auditRoute, `/api/admin/audit?target=${m.userId}&to=2025-03-01`)).body.total).toBe(0);
    expect(
      (await get(auditRoute, `/api/admin/audit?target=${m.userId}&from=2025-03-02&to=2025-03-02`)).body.total,
    ).toBe(25);
  });
});

describe(`bad filters (${kind})`, () => {
  it("answer 400 with {error, code}", async () => {
    const cases: [object, string][] = [
      [listRoute, "/api/admin/users/paginated?page=0"],
      [listRoute, "/api/admin/users/paginated?limit=101"],
      [listRoute, `/api/admin/users/paginated?search=${"x".repeat(65)}`],
      [requestsRoute, "/api/admin/requests?type=SWAP"],
      [requestsRoute, "/api/admin/requests?status=DONE"],
      [idDocsRoute, "/api/admin/id-documents?page=abc"],
      [referralRoute, "/api/admin/referral-codes?limit=1000"],
      [auditRoute, "/api/admin/audit?from=2025-02-30"],
      [auditRoute, "/api/admin/audit?from=2025-03-02&to=2025-03-01"],
      [auditRoute, "/api/admin/audit?action=DROP%20TABLE"],
      [auditRoute, "/api/admin/audit?actor=a%00b"],
    ];
    for (const [route, url] of cases) {
      const r = await get(route, url);
      expect(r.status, url).toBe(400);
      expect(typeof r.body.error, url).toBe("string");
      expect(typeof r.body.code, url).toBe("string");
    }
  });
});
