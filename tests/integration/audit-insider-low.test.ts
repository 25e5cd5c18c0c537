/**
 * The smaller findings of the insider audit, each through the real route handlers on PGlite and PostgreSQL:
 * the daily KRW limit never values a request at a price too old to trust (or, on a server, at the demo's seeded
 * one); a first payout address starts the same 24-hour cool-down as a change; the deep health answer goes through
 * the administrators' two-factor rule; an ADMIN's lists and exports leave SUPERADMIN accounts out; CSV cells keep
 * numbers as numbers and escape the fullwidth formula characters.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import * as dashboardRoute from "@/app/api/admin/dashboard/route";
import * as memberExportRoute from "@/app/api/admin/export/members/route";
import * as requestExportRoute from "@/app/api/admin/export/requests/route";
import * as idQueueRoute from "@/app/api/admin/id-documents/route";
import * as reconciliationRoute from "@/app/api/admin/reconciliation/route";
import * as referralCodesRoute from "@/app/api/admin/referral-codes/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as requestQueueRoute from "@/app/api/admin/requests/route";
import * as memberListRoute from "@/app/api/admin/users/paginated/route";
import * as healthRoute from "@/app/api/health/route";
import * as route from "@/app/api/transfer-requests/route";
import * as confirmRoute from "@/app/api/two-factor/confirm/route";
import * as enrolRoute from "@/app/api/two-factor/enrol/route";
import * as txCsvRoute from "@/app/api/users/[userId]/export/transactions.csv/route";
import * as statusRoute from "@/app/api/users/[userId]/withdraw-status/route";
import * as addrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { priceSnapshots, type Role } from "@/db/schema";
import { setTestClock } from "@/lib/clock";
import { resetPriceFeeds } from "@/lib/prices";
import { seedDemo, seedPriceHistory } from "@/lib/seed";
import { approvedMember, countOf, createUser, fund, OP_WALLET, setFreshWldPrice, snapshot } from "../factories/money";
import { cookieFor, DEFAULT_PASSWORD, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const where = onPostgres() ? "PostgreSQL" : "PGlite";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ask = (u: TestUser, body: unknown) => call(route, "POST", "/api/transfer-requests", { body, cookie: u.cookie });
const withdrawStatus = (u: TestUser) =>
  call(statusRoute, "GET", `/api/users/${u.userId}/withdraw-status`, {
    cookie: u.cookie,
    params: { userId: u.userId },
  });

/** An ID-approved member with an address and staked WLD, made without storing a price (approvedMember stores one). */
async function sender(staked: string) {
  const u = await createUser({ idStatus: "APPROVED", walletAddr: OP_WALLET });
  await fund(u.id, { staked });
  return u;
}

/** The stored prices are exactly `store()`'s, and the feeds read them back as a restarted process would. */
async function pricesAre(store: () => Promise<unknown>) {
  await (await getDb()).execute(sql`DELETE FROM price_snapshots WHERE true`);
  await store();
  resetPriceFeeds();
}

/** vitest.config.ts sets ADMIN_2FA=optional for the run; the tests that need `required` set it themselves. */
const ADMIN_2FA_OF_RUN = process.env.ADMIN_2FA;

afterEach(() => {
  resetPriceFeeds();
  setTestClock(null);
  if (ADMIN_2FA_OF_RUN === undefined) delete process.env.ADMIN_2FA;
  else process.env.ADMIN_2FA = ADMIN_2FA_OF_RUN;
});

describe(`F30 the daily KRW limit values a request only at a price it may trust (${where})`, () => {
  it("a 30-day-old ₩14 price lets nothing out: transfer and withdraw are 503 PRICE_UNAVAILABLE, nothing changes", async () => {
    await pricesAre(() => setFreshWldPrice(new Date(Date.now() - 30 * DAY), "0.01")); // 0.01 USDT × 1400 = ₩14
    const u = await sender("100000");
    const before = await snapshot(u.id);
    for (const type of ["TRANSFER", "WITHDRAW"]) {
      // 99,000 WLD at ₩14 is ₩1,386,000: under the ₩2,000,000 limit, had the old price been trusted.
      const r = await ask(u, { amount: "99000", type });
      expect(r.status).toBe(503);
      expect(r.body.code).toBe("PRICE_UNAVAILABLE");
      expect(r.headers.get("retry-after")).toBe("30");
    }
    expect(await snapshot(u.id)).toEqual(before);
    await expectLedgerConsistent();
  });

  it("older than the price rules allow (an hour) is refused; a price within the hour values the request", async () => {
    const u = await sender("100");
    await pricesAre(() => setFreshWldPrice(new Date(Date.now() - 61 * MINUTE)));
    const before = await snapshot(u.id);
    expect((await ask(u, { amount: "10" })).body.code).toBe("PRICE_UNAVAILABLE");
    expect(await snapshot(u.id)).toEqual(before);

    await pricesAre(() => setFreshWldPrice(new Date(Date.now() - 59 * MINUTE)));
    const ok = await ask(u, { amount: "10" });
    expect(ok.status).toBe(201);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM requests WHERE id = ${ok.body.request.id} AND price_krw = 2800`,
      ),
    ).toBe(1);
    await expectLedgerConsistent();
  });

  it(
    onPostgres()
      ? "the demo's seeded price on a server (DATABASE_URL set) is refused"
      : "the embedded demo (no DATABASE_URL) values requests at its seeded price",
    async () => {
      await pricesAre(async () => (await getDb()).insert(priceSnapshots).values(seedPriceHistory(new Date())));
      const u = await sender("100");
      const before = await snapshot(u.id);
      const r = await ask(u, { amount: "10", type: "WITHDRAW" });
      if (onPostgres()) {
        expect(r.status).toBe(503);
        expect(r.body.code).toBe("PRICE_UNAVAILABLE");
        expect(await snapshot(u.id)).toEqual(before);
      } else {
        expect(r.status).toBe(201);
      }
      await expectLedgerConsistent();
    },
  );
});

describe(`T4 a first payout address starts the 24-hour cool-down (${where})`, () => {
  it("set for the first time: transfers and withdrawals 403 COOLDOWN until 24 h later, as after a change", async () => {
    await pricesAre(() => setFreshWldPrice());
    setTestClock("2031-06-01T02:59:30Z");
    const u = await createUser({ idStatus: "APPROVED" });
    await fund(u.id, { staked: "100" });
    expect((await withdrawStatus(u)).body.cooldownUntil).toBeNull();
    const set = await call(addrRoute, "POST", `/api/users/by-id/${u.userId}/walletAddr`, {
      cookie: u.cookie,
      params: { userId: u.userId },
      body: { walletAddr: OP_WALLET, currentPassword: DEFAULT_PASSWORD },
    });
    expect(set.status).toBe(200);

    const opensAt = "2031-06-02T03:00:00.000Z"; // 24 hours, rounded up to the whole minute shown
    expect((await withdrawStatus(u)).body.cooldownUntil).toBe(opensAt);
    const before = await snapshot(u.id);
    for (const type of ["TRANSFER", "WITHDRAW"]) {
      const r = await ask(u, { amount: "10", type });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: "COOLDOWN", opensAt });
    }
    expect(await snapshot(u.id)).toEqual(before);

    setTestClock("2031-06-02T02:59:59Z");
    expect((await ask(u, { amount: "10" })).body.code).toBe("COOLDOWN");
    setTestClock(opensAt);
    expect((await ask(u, { amount: "10" })).status).toBe(201);
    await expectLedgerConsistent();
  });

  it("FIRST_ADDRESS_COOLDOWN_HOURS sets the first address's wait (0: none)", async () => {
    await pricesAre(() => setFreshWldPrice());
    setTestClock("2031-06-01T02:59:30Z");
    const saved = process.env.FIRST_ADDRESS_COOLDOWN_HOURS;
    process.env.FIRST_ADDRESS_COOLDOWN_HOURS = "0";
    try {
      const u = await createUser({ idStatus: "APPROVED" });
      await fund(u.id, { staked: "100" });
      const set = await call(addrRoute, "POST", `/api/users/by-id/${u.userId}/walletAddr`, {
        cookie: u.cookie,
        params: { userId: u.userId },
        body: { walletAddr: OP_WALLET, currentPassword: DEFAULT_PASSWORD },
      });
      expect(set.status).toBe(200);
      expect((await withdrawStatus(u)).body.cooldownUntil).toBeNull();
      expect((await ask(u, { amount: "10" })).status).toBe(201);
      await expectLedgerConsistent();
    } finally {
      if (saved === undefined) delete process.env.FIRST_ADDRESS_COOLDOWN_HOURS;
      else process.env.FIRST_ADDRESS_COOLDOWN_HOURS = saved;
    }
  });

  it("the demo seed gives its member an address without a cool-down: the demo can send at once", async () => {
    const db = await getDb();
    expect(await seedDemo(db)).toBe(true);
    await pricesAre(() => setFreshWldPrice()); // a server's real price (the seeded one values nothing there)
    const [row] = rowsOf<{ id: number; user_id: string; role: Role; cooldown: Date | null; wallet_addr: string }>(
      await db.execute(
        sql`SELECT id, user_id, role, money_cooldown_until AS cooldown, wallet_addr FROM users WHERE user_id = 'demo'`,
      ),
    );
    expect(row?.wallet_addr).toBeTruthy();
    expect(row?.cooldown).toBeNull();
    const demo = {
      id: row!.id,
      userId: row!.user_id,
      role: row!.role,
      password: "",
      cookie: await cookieFor({ id: row!.id, userId: row!.user_id, role: row!.role, sessionVersion: 0 }),
    };
    expect((await withdrawStatus(demo)).body.cooldownUntil).toBeNull();
    expect((await ask(demo, { amount: "10" })).status).toBe(201);
    await expectLedgerConsistent();
  });
});

describe(`I40 GET /api/health?deep=1 goes through the administrators' two-factor rule (${where})`, () => {
  const health = (query: string, cookie?: string) => call(healthRoute, "GET", `/api/health${query}`, { cookie });

  /** Turns two-factor on for `u` from their own session, through the routes (that session has passed it). */
  async function enrolFromSession(u: TestUser) {
    const start = await call(enrolRoute, "POST", "/api/two-factor/enrol", {
      cookie: u.cookie,
      body: { currentPassword: DEFAULT_PASSWORD },
    });
    expect(start.status).toBe(200);
    const secret = Secret.fromBase32(String(start.body.manualKey).replace(/\s/g, ""));
    const code = new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate();
    expect(
      (await call(confirmRoute, "POST", "/api/two-factor/confirm", { cookie: u.cookie, body: { code } })).status,
    ).toBe(200);
  }

  it("ADMIN_2FA=required: an administrator without two-factor gets 403 TWO_FACTOR_SETUP_REQUIRED, no reconciliation", async () => {
    process.env.ADMIN_2FA = "required";
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      const admin = await createUser({ role });
      const admins = await call(reconciliationRoute, "GET", "/api/admin/reconciliation", { cookie: admin.cookie });
      expect(admins.status).toBe(403);
      expect(admins.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
      const deep = await health("?deep=1", admin.cookie);
      expect(deep.status).toBe(403);
      expect(deep.body.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
      expect(deep.body).not.toHaveProperty("ledger");
      // The plain answer is everyone's, as for a load balancer.
      const plain = await health("", admin.cookie);
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ ok: true });
    }
  });

  it("ADMIN_2FA=required: a member or a guest asking deep still gets the plain answer; an enrolled session the reconciliation", async () => {
    process.env.ADMIN_2FA = "required";
    const member = await createUser();
    for (const cookie of [member.cookie, undefined]) {
      const deep = await health("?deep=1", cookie);
      expect(deep.status).toBe(200);
      expect(deep.body.ok).toBe(true);
      expect(deep.body).not.toHaveProperty("ledger");
    }
    const admin = await createUser({ role: "ADMIN" });
    await enrolFromSession(admin);
    const deep = await health("?deep=1", admin.cookie);
    expect(deep.status).toBe(200);
    expect(deep.body).toMatchObject({ ok: true, ledger: { ok: true } });
  });
});

describe(`I42 an ADMIN's lists and exports leave SUPERADMIN accounts out, as a single read does (${where})`, () => {
  /** A CSV download's records (the BOM dropped; these cells hold no quotes, commas or line breaks). */
  const csvRows = (text: string) =>
    text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(","));
  const get = (viewer: TestUser, r: object, url: string) => call(r, "GET", url, { cookie: viewer.cookie });

  /** One tag, three accounts: a member, an ADMIN and a SUPERADMIN, each with a phone, WLD, a request and an ID. */
  async function accounts() {
    const tag = `sx${Date.now().toString(36)}`;
    const db = await getDb();
    const make = async (role: Role, suffix: string, phone: string) => {
      const u = await createUser({ role, userId: `${tag}${suffix}`, refCode: `${tag}${suffix}`.toUpperCase() });
      await fund(u.id, { holding: "77.5" });
      await db.execute(sql`UPDATE users SET phone = ${phone}, id_status = 'PENDING' WHERE id = ${u.id}`);
      await db.execute(sql`INSERT INTO id_documents (user_id, status) VALUES (${u.id}, 'PENDING')`);
      await db.execute(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, price_krw)
        VALUES (${u.id}, 'WITHDRAW', 'WLD', 5, 0, 5, 'REJECTED', 2800)`);
      await db.execute(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, price_krw)
        VALUES (${u.id}, 'TRANSFER', 'WLD', 5, 0, 5, 2800)`);
      return u;
    };
    return {
      tag,
      member: await make("USER", "m", `010-5${tag.slice(-3)}-1111`),
      admin: await make("ADMIN", "a", `010-5${tag.slice(-3)}-2222`),
      superadmin: await make("SUPERADMIN", "s", `010-5${tag.slice(-3)}-3333`),
    };
  }

  it("the member list and its search: no SUPERADMIN row, phone or balance for an ADMIN, and the totals agree", async () => {
    const { tag, member, admin, superadmin } = await accounts();
    const handles = (body: { users: { userId: string }[] }) => body.users.map((u) => u.userId).sort();

    const mine = await get(admin, memberListRoute, `/api/admin/users/paginated?search=${tag}&limit=100`);
    expect(mine.status).toBe(200);
    expect(handles(mine.body)).toEqual([admin.userId, member.userId].sort());
    expect(mine.body).toMatchObject({ total: 2, totalCapped: false });
    expect(mine.text).not.toContain("3333");
    const byPhone = await get(admin, memberListRoute, `/api/admin/users/paginated?phone=${tag.slice(-3)}-3333`);
    expect(byPhone.body).toMatchObject({ users: [], total: 0, totalCapped: false });
    // With no term: no SUPERADMIN on the page, and the total counts the rows an ADMIN may see.
    const all = await get(admin, memberListRoute, "/api/admin/users/paginated?limit=100");
    expect(all.body.users.some((u: { role: string }) => u.role === "SUPERADMIN")).toBe(false);
    expect(all.body.total).toBe(
      await countOf(sql`SELECT count(*)::text AS n FROM users WHERE status = 'ACTIVE' AND role <> 'SUPERADMIN'`),
    );

    // A SUPERADMIN reads every account, as a single read allows.
    const theirs = await get(superadmin, memberListRoute, `/api/admin/users/paginated?search=${tag}&limit=100`);
    expect(handles(theirs.body)).toEqual([admin.userId, member.userId, superadmin.userId].sort());
    expect(theirs.body.total).toBe(3);
    const found = theirs.body.users.find((u: { userId: string }) => u.userId === superadmin.userId);
    expect(found).toMatchObject({ phone: `010-5${tag.slice(-3)}-3333`, holdingWld: "77.5" });
  });

  it("the member and request exports: no SUPERADMIN row for an ADMIN, and the audit row counts what left", async () => {
    const { tag, member, admin, superadmin } = await accounts();
    const members = await get(admin, memberExportRoute, `/api/admin/export/members?search=${tag}`);
    expect(members.status).toBe(200);
    expect(
      csvRows(members.text)
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([admin.userId, member.userId].sort());
    expect(members.text).not.toContain("3333");
    const [audited] = rowsOf<{ after: { rows: number } }>(
      await (await getDb()).execute(
        sql`SELECT after FROM audit_log WHERE action = 'admin.export.members' AND actor_id = ${admin.id} ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audited?.after.rows).toBe(2);

    const requests = await get(admin, requestExportRoute, "/api/admin/export/requests?type=WITHDRAW&status=REJECTED");
    const owners = csvRows(requests.text)
      .slice(1)
      .map((r) => r[3]);
    expect(owners).toContain(member.userId);
    expect(owners).toContain(admin.userId);
    expect(owners).not.toContain(superadmin.userId);

    const all = await get(superadmin, memberExportRoute, `/api/admin/export/members?search=${tag}`);
    expect(
      csvRows(all.text)
        .slice(1)
        .map((r) => r[0]),
    ).toContain(superadmin.userId);
    const allRequests = await get(superadmin, requestExportRoute, "/api/admin/export/requests?type=WITHDRAW");
    expect(
      csvRows(allRequests.text)
        .slice(1)
        .map((r) => r[3]),
    ).toContain(superadmin.userId);
  });

  it("the request queue, the ID queue, the referral codes and the dashboard's queue counts: the same rule", async () => {
    const { tag, member, admin, superadmin } = await accounts();
    const ownersOf = (items: { user: { userId: string } }[]) => items.map((i) => i.user.userId);
    // What every SUPERADMIN account has waiting (this file's earlier tests made some too).
    const theirPendingRequests = await countOf(sql`SELECT count(*)::text AS n FROM requests r JOIN users u
      ON u.id = r.user_id WHERE u.role = 'SUPERADMIN' AND r.status = 'PENDING' AND r.type = 'TRANSFER'`);
    const theirPendingIds = await countOf(sql`SELECT count(*)::text AS n FROM id_documents d JOIN users u
      ON u.id = d.user_id WHERE u.role = 'SUPERADMIN' AND d.status = 'PENDING' AND u.id_status = 'PENDING'`);
    expect(theirPendingRequests).toBeGreaterThan(0);

    const queue = await get(admin, requestQueueRoute, "/api/admin/requests?type=TRANSFER&status=PENDING&limit=50");
    expect(ownersOf(queue.body.items)).toEqual(expect.arrayContaining([member.userId, admin.userId]));
    expect(ownersOf(queue.body.items)).not.toContain(superadmin.userId);
    const theirQueue = await get(
      superadmin,
      requestQueueRoute,
      "/api/admin/requests?type=TRANSFER&status=PENDING&limit=50",
    );
    expect(ownersOf(theirQueue.body.items)).toContain(superadmin.userId);
    expect(theirQueue.body.total).toBe(queue.body.total + theirPendingRequests);

    const ids = await get(admin, idQueueRoute, "/api/admin/id-documents?limit=50");
    expect(ownersOf(ids.body.items)).toEqual(expect.arrayContaining([member.userId, admin.userId]));
    expect(ownersOf(ids.body.items)).not.toContain(superadmin.userId);
    const theirIds = await get(superadmin, idQueueRoute, "/api/admin/id-documents?limit=50");
    expect(ownersOf(theirIds.body.items)).toContain(superadmin.userId);
    expect(theirIds.body.total).toBe(ids.body.total + theirPendingIds);

    type Code = { kind: string; code: string; owner: { userId: string } | null };
    const codes = await get(admin, referralCodesRoute, `/api/admin/referral-codes?search=${tag}&limit=100`);
    expect(codes.body.items.map((c: Code) => c.owner?.userId).sort()).toEqual([admin.userId, member.userId].sort());
    expect(codes.body.total).toBe(2);
    const theirCodes = await get(superadmin, referralCodesRoute, `/api/admin/referral-codes?search=${tag}&limit=100`);
    expect(theirCodes.body.items.map((c: Code) => c.owner?.userId)).toContain(superadmin.userId);

    // The dashboard's queue lengths are the queues' own: what differs is the SUPERADMIN account's pending items.
    const board = (await get(admin, dashboardRoute, "/api/admin/dashboard")).body;
    const theirBoard = (await get(superadmin, dashboardRoute, "/api/admin/dashboard")).body;
    expect(theirBoard.pendingRequests.TRANSFER).toBe(board.pendingRequests.TRANSFER + theirPendingRequests);
    expect(board.pendingRequests.TRANSFER).toBe(queue.body.total);
    expect(theirBoard.idDocumentsPending).toBe(board.idDocumentsPending + theirPendingIds);
    expect(board.idDocumentsPending).toBe(ids.body.total);
  });
});

describe(`I42 CSV exports keep numbers as numbers and escape the fullwidth formula characters (${where})`, () => {
  /** A CSV download's records, RFC 4180 quoting read back (cells here may hold quotes and commas). */
  function records(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = "";
    let quoted = false;
    const s = text.replace(/^\uFEFF/, "");
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (quoted && c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (!quoted && c === ",") {
        row.push(cell);
        cell = "";
      } else if (!quoted && c === "\r" && s[i + 1] === "\n") {
        rows.push([...row, cell]);
        row = [];
        cell = "";
        i++;
      } else cell += c;
    }
    return rows;
  }

  it("a member's withdrawal: its negative amount and KRW value are plain numbers in the tax export", async () => {
    const u = await approvedMember();
    const admin = await createUser({ role: "ADMIN" });
    await fund(u.id, { staked: "100" });
    await (await getDb()).insert(priceSnapshots).values({
      symbol: "WLD",
      series: "ticker",
      time: new Date(Date.now() - MINUTE),
      priceKrw: "2000",
      source: "upbit",
    });
    const asked = await ask(u, { amount: "10", type: "WITHDRAW" });
    expect(asked.status).toBe(201);
    const id = String(asked.body.request.id);
    const decided = await call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
      cookie: admin.cookie,
      params: { id },
      body: { action: "approve" },
    });
    expect(decided.status).toBe(200);
    const csv = await call(txCsvRoute, "GET", `/api/users/${u.userId}/export/transactions.csv`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(csv.status).toBe(200);
    const withdrawal = records(csv.text).find((r) => r[3]?.includes("10.2"));
    // Amount, the holding / protected lock / rewards changes, the KRW value and the price.
    expect(withdrawal?.slice(3, 9)).toEqual(["-10.2", "0", "-10.2", "0", "-20400.00", "2000"]);
    await expectLedgerConsistent();
  });

  it("the member export escapes ＝ ＋ － ＠ like = + - @, and leaves a negative number alone", async () => {
    const tag = `fw${Date.now().toString(36)}`;
    const admin = await createUser({ role: "ADMIN" });
    const db = await getDb();
    const cells = [
      ["a", '＝HYPERLINK("http://evil")', "－1+1"],
      ["b", "＋SUM(A1)", "-12.5"],
      ["c", "＠SUM(A1)", "+82-10-1111"],
    ];
    for (const [suffix, name, phone] of cells)
      await db.execute(sql`INSERT INTO users (user_id, name, password_hash, ref_code, phone)
        VALUES (${`${tag}${suffix}`}, ${name}, 'x', ${`${tag}${suffix}`.toUpperCase()}, ${phone})`);
    const csv = await call(memberExportRoute, "GET", `/api/admin/export/members?search=${tag}`, {
      cookie: admin.cookie,
    });
    expect(csv.status).toBe(200);
    const byId = new Map(records(csv.text).map((r) => [r[0], r.slice(1, 3)]));
    expect(byId.get(`${tag}a`)).toEqual(['\'＝HYPERLINK("http://evil")', "'－1+1"]);
    expect(byId.get(`${tag}b`)).toEqual(["'＋SUM(A1)", "-12.5"]);
    expect(byId.get(`${tag}c`)).toEqual(["'＠SUM(A1)", "'+82-10-1111"]);
  });
});
