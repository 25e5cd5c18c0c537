/**
 * SECURITY H38: a deposit quote is no free option. KRW → WLD uses a price at most 2 minutes old, the
 * quote expires after 10 minutes (EXPIRED for the member and the admin, lazily and by the sweep), an expired
 * request cannot be cancelled or rejected, and an administrator approving it enters the KRW that actually
 * arrived and re-prices it at a fresh price, both audited and recorded on the request.
 * Expiry is simulated by moving quote_expires_at into the past in the database (never by sleeping).
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as adminListRoute from "@/app/api/admin/requests/route";
import * as decideRoute from "@/app/api/admin/requests/[id]/route";
import * as depositRoute from "@/app/api/requests/deposit/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as listRoute from "@/app/api/transfer-requests/route";
import { getDb, rowsOf } from "@/db/client";
import { resetPriceFeeds } from "@/lib/prices";
import { expireStaleQuotes } from "@/lib/wallet/deposit-quotes";
import { createUser, setFreshWldPrice, whileDeactivating, wld } from "../factories/money";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

async function setWldPrice(usdt: string, ageMs = 0) {
  await setFreshWldPrice(new Date(Date.now() - ageMs), usdt);
  resetPriceFeeds();
}

const deposit = (u: TestUser, krw: string) =>
  call(depositRoute, "POST", "/api/requests/deposit", { body: { coinSymbol: "WLD", amount: krw }, cookie: u.cookie });
const decide = (admin: TestUser, id: number, body: Record<string, unknown>) =>
  call(decideRoute, "PATCH", `/api/admin/requests/${id}`, { body, cookie: admin.cookie, params: { id: String(id) } });
async function expireQuote(id: number) {
  await (await getDb()).execute(
    sql`UPDATE requests SET quote_expires_at = now() - interval '1 second' WHERE id = ${id}`,
  );
}
async function requestRow(id: number) {
  const [r] = rowsOf<{ status: string; krw: string; price: string; amount: string; total: string }>(
    await (await getDb()).execute(sql`
      SELECT status::text AS status, trim_scale(krw_amount)::text AS krw, trim_scale(price_krw)::text AS price,
             trim_scale(amount)::text AS amount, trim_scale(total)::text AS total
      FROM requests WHERE id = ${id}`),
  );
  return r!;
}

beforeEach(() => resetPriceFeeds());

describe("H38 deposit quotes (issue 10 finding 7)", () => {
  it("F30 refuses to quote with a price older than 2 minutes (503 PRICE_UNAVAILABLE)", async () => {
    await setWldPrice("2", 3 * 60_000);
    const u = await createUser();
    const r = await deposit(u, "28000");
    expect(r.status).toBe(503);
    expect(r.body.code).toBe("PRICE_UNAVAILABLE");
    await setWldPrice("2", 30_000);
    expect((await deposit(u, "28000")).status).toBe(201);
  });

  it("a quote holds 10 minutes; after that member and admin see EXPIRED, and the member can no longer cancel", async () => {
    await setWldPrice("2");
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const created = await deposit(u, "28000");
    expect(created.status).toBe(201);
    const id = created.body.request.id as number;
    const [row] = rowsOf<{ ttl: string }>(
      await (await getDb()).execute(
        sql`SELECT extract(epoch FROM quote_expires_at - created_at)::int::text AS ttl FROM requests WHERE id = ${id}`,
      ),
    );
    expect(row?.ttl).toBe("600");
    expect(Date.parse(created.body.request.quoteExpiresAt)).toBeGreaterThan(Date.now() + 9 * 60_000);

    await expireQuote(id);
    // Lazily: the lists show EXPIRED before anything wrote it.
    const mine = await call(listRoute, "GET", "/api/transfer-requests", { cookie: u.cookie });
    expect(mine.body.items.find((r: { id: number }) => r.id === id)?.status).toBe("EXPIRED");
    const all = await call(adminListRoute, "GET", "/api/admin/requests?limit=50", { cookie: admin.cookie });
    expect(all.body.items.find((r: { id: number }) => r.id === id)?.status).toBe("EXPIRED");

    const cancel = await call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, {
      cookie: u.cookie,
      params: { id: String(id) },
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe("REQUEST_EXPIRED");
    expect(cancel.body.error).toContain("만료");
    const reject = await decide(admin, id, { action: "reject", reason: "late" });
    expect(reject.status).toBe(409);
    expect(reject.body.code).toBe("REQUEST_EXPIRED");
    expect((await requestRow(id)).status).toBe("EXPIRED");
    // The expired quote no longer holds the one-pending slot.
    expect((await deposit(u, "2800")).status).toBe(201);
  });

  it("approving an expired deposit needs the KRW received and re-prices it at a fresh price, audited", async () => {
    await setWldPrice("2");
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const id = (await deposit(u, "28000")).body.request.id as number;
    await expireQuote(id);

    const bare = await decide(admin, id, { action: "approve" });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("KRW_RECEIVED_REQUIRED");
    const en = await call(decideRoute, "PATCH", `/api/admin/requests/${id}`, {
      body: { action: "approve" },
      cookie: `${admin.cookie}; NEXT_LOCALE=en`,
      params: { id: String(id) },
    });
    expect(en.body.error).toMatch(/expired/i);

    // The price has moved to 3 USDT (4200 KRW) since the quote; the member paid 42000 KRW.
    await setWldPrice("3");
    const ok = await decide(admin, id, { action: "approve", krwReceived: "42000" });
    expect(ok.status).toBe(200);
    expect(ok.body.request).toMatchObject({
      id,
      status: "APPROVED",
      krwAmount: "42000",
      priceKrw: "4200",
      amount: "10",
    });
    expect(await requestRow(id)).toMatchObject({
      status: "APPROVED",
      krw: "42000",
      price: "4200",
      amount: "10",
      total: "10",
    });
    expect(await wld(u.id)).toMatchObject({ holding: "10" });

    const [a] = rowsOf<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      await (await getDb()).execute(
        sql`SELECT before, after FROM audit_log WHERE action = 'request.approved' AND target_id = ${String(id)}`,
      ),
    );
    expect(a?.before).toMatchObject({ status: "EXPIRED", krwAmount: "28000", priceKrw: "2800", amount: "10" });
    expect(a?.after).toMatchObject({ status: "APPROVED", krwReceived: "42000", priceKrw: "4200", amount: "10" });
    await expectLedgerConsistent();
  });

  it("an expired deposit is not re-priced with a stale price (503); a valid quote credits the KRW named at its price", async () => {
    await setWldPrice("2");
    const u = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const id = (await deposit(u, "28000")).body.request.id as number;
    // A still-valid quote: an approval that names no KRW received is refused; naming it credits it at the quote.
    const bare = await decide(admin, id, { action: "approve" });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("KRW_RECEIVED_REQUIRED");
    const ok = await decide(admin, id, { action: "approve", krwReceived: "28000" });
    expect(ok.status).toBe(200);
    expect(ok.body.request).toMatchObject({ status: "APPROVED", amount: "10", krwAmount: "28000", priceKrw: "2800" });

    const id2 = (await deposit(u, "2800")).body.request.id as number;
    await expireQuote(id2);
    await (await getDb()).execute(sql`DELETE FROM price_snapshots`);
    await setWldPrice("2", 5 * 60_000);
    const stale = await decide(admin, id2, { action: "approve", krwReceived: "2800" });
    expect(stale.status).toBe(503);
    expect(stale.body.code).toBe("PRICE_UNAVAILABLE");
    expect(await wld(u.id)).toMatchObject({ holding: "10" });
    await expectLedgerConsistent();
  });

  it.runIf(onPostgres())(
    "a cancel takes the member's row before it expires the request: no deadlock with a deactivation (PostgreSQL)",
    async () => {
      await setWldPrice("2");
      const u = await createUser();
      const id = (await deposit(u, "2800")).body.request.id as number;
      await expireQuote(id);
      // A deactivation as it runs: the member's row first, then (once the cancel waits) their pending requests.
      const { early, result: res } = await whileDeactivating(
        u.id,
        () =>
          call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } }),
        (tx) =>
          tx.execute(
            sql`UPDATE requests SET status = 'REJECTED', reason = 'member deactivated' WHERE id = ${id} AND status = 'PENDING'`,
          ),
      ); // a deadlock would abort one of the two
      expect(early).toBe("waiting");
      expect(res.status).not.toBe(500);
      expect((await requestRow(id)).status).toBe("REJECTED");
    },
  );

  it("a lazy expiry reaches only its scope: one request, or one member's, never another's", async () => {
    await setWldPrice("2");
    const a = await createUser();
    const b = await createUser();
    const aOld = (await deposit(a, "2800")).body.request.id as number;
    const bOld = (await deposit(b, "2800")).body.request.id as number;
    await expireQuote(aOld);
    await expireQuote(bOld);
    const db = await getDb();
    expect(await expireStaleQuotes(db, { id: bOld, userId: a.id })).toBe(0); // not a's request
    expect(await expireStaleQuotes(db, { id: aOld, userId: a.id })).toBe(1);
    expect((await requestRow(bOld)).status).toBe("PENDING");
    expect(await expireStaleQuotes(db, { userId: a.id })).toBe(0);
    expect(await expireStaleQuotes(db, { userId: b.id })).toBe(1);
    expect((await requestRow(aOld)).status).toBe("EXPIRED");
    expect((await requestRow(bOld)).status).toBe("EXPIRED");
  });

  it("the sweep writes EXPIRED once, with a SYSTEM event, and leaves valid quotes alone", async () => {
    await setWldPrice("2");
    const a = await createUser();
    const b = await createUser();
    const old = (await deposit(a, "2800")).body.request.id as number;
    const fresh = (await deposit(b, "2800")).body.request.id as number;
    await expireQuote(old);
    const db = await getDb();
    // (Earlier tests of this file may have left run-out quotes too.)
    expect(await expireStaleQuotes(db)).toBeGreaterThanOrEqual(1);
    expect(await expireStaleQuotes(db)).toBe(0);
    expect((await requestRow(old)).status).toBe("EXPIRED");
    expect((await requestRow(fresh)).status).toBe("PENDING");
    const events = rowsOf<{ status: string; actor: number | null }>(
      await db.execute(
        sql`SELECT status::text AS status, actor_id AS actor FROM request_events WHERE request_id = ${old} ORDER BY id`,
      ),
    );
    expect(events).toEqual([
      { status: "PENDING", actor: a.id },
      { status: "EXPIRED", actor: null },
    ]);
  });
});
