/**
 * Four-eyes on staking products, and final reward days (SECURITY I39), through the real route handlers: creating,
 * activating or changing a product so that a rate in force rises is a proposal that only another administrator's
 * approval applies, exactly once; a reward day once run is final, and a day run late (catch-up) pays the rates that
 * were in force when it ended, never today's.
 * Each test stakes its own coin and runs its own days (days after today: the stakes, made now, were in place when
 * they ended), so that no test's rates or days touch another's.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as approveRoute from "@/app/api/admin/proposals/[id]/approve/route";
import * as productRoute from "@/app/api/admin/staking-products/[id]/route";
import * as pendingRoute from "@/app/api/admin/staking-products/pending/route";
import * as productsRoute from "@/app/api/admin/staking-products/route";
import * as runRoute from "@/app/api/admin/staking/rewards/run/route";
import * as stakedRoute from "@/app/api/users/[userId]/staked-coins/route";
import { getDb, rowsOf } from "@/db/client";
import { type Coin, memberStakingRates, stakingProducts, users } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { runRewardDay } from "@/lib/staking/run";
import { addDays, dayEnd, kstDay } from "@/lib/kst-day";
import { countOf, fund } from "../factories/money";
import { cookieFor, createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
const today = kstDay(new Date());
/** 00:05 KST after `day` ended: when the daily run pays it. */
const at = (day: string, minutes = 5) => new Date(dayEnd(day).getTime() + minutes * 60_000);

afterEach(() => {
  vi.useRealTimers();
});

/** A new session for `u` at the moved clock (a session token lasts 12 hours from when it is issued). */
async function signIn(...us: TestUser[]): Promise<TestUser[]> {
  const db = await getDb();
  return Promise.all(
    us.map(async (u) => {
      const [row] = await db.select().from(users).where(eq(users.id, u.id));
      return { ...u, cookie: await cookieFor(row!) };
    }),
  );
}

async function staker(coin: Coin, amount: string) {
  const u = await createUser();
  if (coin === "WLD") {
    await fund(u.id, { staked: amount });
    return u;
  }
  const db = await getDb();
  await credit(db, { userId: u.id, coin, amount });
  await move(db, { userId: u.id, coin, amount, from: "holding", to: "staked" });
  return u;
}

const createProduct = (admin: TestUser, body: Record<string, unknown>) =>
  call(productsRoute, "POST", "/api/admin/staking-products", { cookie: admin.cookie, body });

const patchProduct = (admin: TestUser, id: number, body: Record<string, unknown>) =>
  call(productRoute, "PATCH", `/api/admin/staking-products/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body,
  });

const approve = (admin: TestUser, id: number) =>
  call(approveRoute, "POST", `/api/admin/proposals/${id}/approve`, {
    cookie: admin.cookie,
    params: { id: String(id) },
  });

const runDay = (admin: TestUser, date?: string) =>
  call(runRoute, "POST", "/api/admin/staking/rewards/run", { cookie: admin.cookie, body: date ? { date } : {} });

/** A product in force through the front door: one administrator proposes it, another approves; its id. */
async function approvedProduct(a: TestUser, b: TestUser, body: Record<string, unknown>): Promise<number> {
  const proposed = await createProduct(a, { ...body, reason: "새 상품" });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
  expect((await approve(b, proposed.body.proposal.id)).status).toBe(200);
  return (await productNamed(String(body.name)))!.id;
}

async function products() {
  const admin = await createUser({ role: "ADMIN" });
  const res = await call(productsRoute, "GET", "/api/admin/staking-products", { cookie: admin.cookie });
  return res.body as { id: number; name: string; coinSymbol: Coin; annualRate: string; active: boolean }[];
}
const productNamed = async (name: string) => (await products()).find((p) => p.name === name);
const productById = async (id: number) => (await products()).find((p) => p.id === id);

/** The member's effective annual rate of `coin`, as the member's own staking screen reads it. */
async function rateOf(member: TestUser, coin: Coin): Promise<string | undefined> {
  const res = await call(stakedRoute, "GET", `/api/users/${member.userId}/staked-coins`, {
    cookie: member.cookie,
    params: { userId: member.userId },
  });
  expect(res.status).toBe(200);
  return (res.body as { coinSymbol: Coin; profit: string }[]).find((c) => c.coinSymbol === coin)?.profit;
}

async function rewardRows(userId: number, coin: Coin) {
  return rowsOf<{ day: string; amount: string; rate: string }>(
    await (await getDb()).execute(sql`
      SELECT day::text AS day, trim_scale(amount)::text AS amount, trim_scale(annual_rate)::text AS rate
      FROM staking_rewards WHERE user_id = ${userId} AND coin_symbol = ${coin}::coin ORDER BY day`),
  );
}

const rewardsOf = async (userId: number, coin: Coin) =>
  (await memberBalances(await getDb(), userId, [coin]))[coin]?.rewards ?? "0";

describe(`a product change that raises a rate in force (${kind})`, () => {
  it("I39 the issue's case: an inactive 1,000 % product activated by the same ADMIN waits for a second one, and the day already run (paid 0) pays nothing again", async () => {
    const staked = await staker("SOL", "1000");
    const day = addDays(today, 1);
    vi.useFakeTimers({ now: at(day), toFake: ["Date"] });
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const [m] = (await signIn(staked)) as [TestUser];

    // An inactive product changes no rate in force: created at once.
    const created = await createProduct(a, { coinSymbol: "SOL", name: "SOL 1000", annualRate: "1000", active: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ coinSymbol: "SOL", annualRate: "1000", active: false });
    const id = created.body.id as number;
    expect(await rateOf(m, "SOL")).toBe("0");

    const first = await runDay(a, day);
    expect(first.status).toBe(200);
    expect(first.body.days).toEqual([expect.objectContaining({ day, alreadyPaid: false })]);
    expect(await rewardsOf(m.id, "SOL")).toBe("0");

    // Activating it would give every SOL staker 1,000 %: a proposal with a reason, nothing changes yet.
    const noReason = await patchProduct(a, id, { active: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("PROPOSAL_REASON_REQUIRED");
    const proposed = await patchProduct(a, id, { active: true, reason: "이벤트" });
    expect(proposed.status).toBe(202);
    expect(proposed.body.proposal).toMatchObject({
      kind: "product_rate",
      status: "PENDING",
      target: null,
      payload: { productId: id, productName: "SOL 1000", before: "1000", patch: { active: true } },
      proposedBy: { id: a.id },
    });
    expect((await productById(id))?.active).toBe(false);
    expect(await rateOf(m, "SOL")).toBe("0");

    const self = await approve(a, proposed.body.proposal.id);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe("SELF_APPROVAL");
    expect((await productById(id))?.active).toBe(false);
    expect(await rateOf(m, "SOL")).toBe("0");

    expect((await approve(b, proposed.body.proposal.id)).status).toBe(200);
    expect((await productById(id))?.active).toBe(true);
    expect(await rateOf(m, "SOL")).toBe("1000");
    const twice = await approve(b, proposed.body.proposal.id);
    expect(twice.status).toBe(409);

    // The day was run at the rates of its end (none): running it again pays nothing.
    const again = await runDay(a, day);
    expect(again.body.days).toEqual([{ day, membersPaid: 0, totalPaid: "0", alreadyPaid: true }]);
    expect(await rewardsOf(m.id, "SOL")).toBe("0");
    expect(await rewardRows(m.id, "SOL")).toEqual([]);
    expect(
      await countOf(
        sql`SELECT count(*)::text AS n FROM ledger_postings WHERE idempotency_key = ${`reward-run:SOL:${day}`}`,
      ),
    ).toBe(0);
    await expectLedgerConsistent();
  });

  it("I39 a day paid at 12 % pays nothing more after the rate is raised through an approved proposal", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await approvedProduct(a, b, { coinSymbol: "WLD", name: "WLD 12", annualRate: "12" });
    const staked = await staker("WLD", "1000");
    const day = addDays(today, 2);
    vi.useFakeTimers({ now: at(day), toFake: ["Date"] });
    const [a2, b2, m] = (await signIn(a, b, staked)) as [TestUser, TestUser, TestUser];
    expect((await runDay(a2, day)).body.days[0]).toMatchObject({ day, alreadyPaid: false });
    expect(await rewardsOf(m.id, "WLD")).toBe("0.32876712");

    const raised = await patchProduct(a2, id, { annualRate: "20", reason: "금리 인상" });
    expect(raised.status).toBe(202);
    expect(await rateOf(m, "WLD")).toBe("12");
    expect((await approve(b2, raised.body.proposal.id)).status).toBe(200);
    expect(await rateOf(m, "WLD")).toBe("20");

    expect((await runDay(a2, day)).body.days).toEqual([{ day, membersPaid: 0, totalPaid: "0", alreadyPaid: true }]);
    expect(await rewardsOf(m.id, "WLD")).toBe("0.32876712");
    expect(await rewardRows(m.id, "WLD")).toEqual([{ day, amount: "0.32876712", rate: "12" }]);
    await expectLedgerConsistent();
  });

  it("I39 creating an active product that raises the rate in force is a product_create proposal, applied once by another administrator; a lower or inactive one is created at once", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const s = await createUser({ role: "SUPERADMIN" });
    const m = await staker("ETH", "100");
    const ethProducts = () => countOf(sql`SELECT count(*)::text AS n FROM staking_products WHERE coin_symbol = 'ETH'`);

    const noReason = await createProduct(a, { coinSymbol: "ETH", name: "ETH 5", annualRate: "5" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("PROPOSAL_REASON_REQUIRED");
    const proposed = await createProduct(a, { coinSymbol: "ETH", name: "ETH 5", annualRate: "5", reason: "ETH 출시" });
    expect(proposed.status).toBe(202);
    expect(proposed.body.proposal).toMatchObject({
      kind: "product_create",
      status: "PENDING",
      target: null,
      reason: "ETH 출시",
      payload: {
        product: {
          coinSymbol: "ETH",
          name: "ETH 5",
          annualRate: "5",
          lockEnd: null,
          lockDays: null,
          minAmount: "0",
          active: true,
        },
      },
    });
    const id = proposed.body.proposal.id as number;
    expect(await ethProducts()).toBe(0);
    expect(await rateOf(m, "ETH")).toBe("0");

    // The products screen shows it as waiting for a second person.
    const pending = await call(pendingRoute, "GET", "/api/admin/staking-products/pending", { cookie: b.cookie });
    expect(pending.status).toBe(200);
    expect(pending.body).toContainEqual(
      expect.objectContaining({ proposalId: id, kind: "product_create", productId: null, name: "ETH 5" }),
    );

    expect((await approve(a, id)).body.code).toBe("SELF_APPROVAL");
    expect(await ethProducts()).toBe(0);
    const ok = await approve(b, id);
    expect(ok.status).toBe(200);
    expect(ok.body.proposal).toMatchObject({ status: "APPROVED", decidedBy: { id: b.id }, postingId: null });
    expect(await ethProducts()).toBe(1);
    expect(await rateOf(m, "ETH")).toBe("5");
    expect((await approve(s, id)).status).toBe(409);
    expect((await approve(b, id)).status).toBe(409);
    expect(await ethProducts()).toBe(1);
    const created = await productNamed("ETH 5");
    expect(
      await countOf(sql`SELECT count(*)::text AS n FROM audit_log WHERE action = 'staking.product_create'
        AND actor_id = ${b.id} AND target_id = ${String(created!.id)}`),
    ).toBe(1);
    const after = await call(pendingRoute, "GET", "/api/admin/staking-products/pending", { cookie: b.cookie });
    expect(after.body.map((p: { proposalId: number }) => p.proposalId)).not.toContain(id);

    // A higher active one waits too; a lower one, or an inactive one, is created at once.
    expect((await createProduct(a, { coinSymbol: "ETH", name: "ETH 8", annualRate: "8", reason: "x" })).status).toBe(
      202,
    );
    const lower = await createProduct(a, { coinSymbol: "ETH", name: "ETH 3", annualRate: "3" });
    expect(lower.status).toBe(201);
    expect(await rateOf(m, "ETH")).toBe("3");
    expect(
      (await createProduct(a, { coinSymbol: "ETH", name: "ETH 900", annualRate: "900", active: false })).status,
    ).toBe(201);
    expect(await rateOf(m, "ETH")).toBe("3");
    expect(await ethProducts()).toBe(3);
  });

  it("I39 hidden raises are proposals — the newest product deactivated over an older higher one, a lower minimum, a move to another coin; lowering changes apply at once", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const high = await approvedProduct(a, b, { coinSymbol: "DOGE", name: "DOGE 50", annualRate: "50" });
    const low = await createProduct(a, { coinSymbol: "DOGE", name: "DOGE 5", annualRate: "5", minAmount: "100" });
    expect(low.status).toBe(201);
    const lowId = low.body.id as number;
    const m = await staker("DOGE", "50");
    expect(await rateOf(m, "DOGE")).toBe("5");

    const cases: [string, number, Record<string, unknown>][] = [
      ["the newest product off: the older 50 % one applies", lowId, { active: false }],
      ["a lower minimum: stakes below 100 start earning", lowId, { minAmount: "10" }],
      ["a product moved to a coin without one", high, { coinSymbol: "XRP" }],
    ];
    for (const [what, id, patch] of cases) {
      const res = await patchProduct(a, id, { ...patch, reason: what });
      expect(res.status, what).toBe(202);
      expect(res.body.proposal.payload.patch, what).toEqual(patch);
    }
    expect(await productById(lowId)).toMatchObject({ active: true, annualRate: "5" });
    expect(await rateOf(m, "DOGE")).toBe("5");

    // Changes that raise nothing apply at once.
    for (const [id, patch] of [
      [lowId, { name: "DOGE 5 %" }],
      [lowId, { lockDays: 30 }],
      [lowId, { minAmount: "500" }],
      [high, { active: false }],
      [lowId, { active: false }],
    ] as [number, Record<string, unknown>][]) {
      const res = await patchProduct(a, id, patch);
      expect(res.status, JSON.stringify(patch)).toBe(200);
      expect(res.body).toMatchObject(patch);
    }
    expect(await rateOf(m, "DOGE")).toBe("0");
  });

  it("I39 activating a product members chose is a proposal even when it is not the coin's newest", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const chosen = await createProduct(a, { coinSymbol: "XRP", name: "XRP 60", annualRate: "60", active: false });
    expect(chosen.status).toBe(201);
    await approvedProduct(a, b, { coinSymbol: "XRP", name: "XRP 10", annualRate: "10" });
    const m = await staker("XRP", "10");
    await (await getDb())
      .insert(memberStakingRates)
      .values({ userId: m.id, coinSymbol: "XRP", productId: chosen.body.id as number });
    expect(await rateOf(m, "XRP")).toBe("10");
    const res = await patchProduct(a, chosen.body.id, { active: true, reason: "선택 상품" });
    expect(res.status).toBe(202);
    expect(await rateOf(m, "XRP")).toBe("10");
  });
});

describe(`a reward day once run is final (${kind})`, () => {
  it("I39 a finished day pays nothing more even when the rates recorded for it change afterwards", async () => {
    const db = await getDb();
    // No DOGE product has been active since the hidden-raises test: the day pays DOGE stakers nothing.
    const m = await staker("DOGE", "365");
    const day = addDays(today, 3);
    expect((await runRewardDay(db, day, { now: at(day) })).alreadyPaid).toBe(false);
    // Written now, before that (future) day ends: the rates recorded for it are no longer those it was paid at.
    const [late] = await db
      .insert(stakingProducts)
      .values({ coinSymbol: "DOGE", name: "DOGE late", annualRate: "100" })
      .returning({ id: stakingProducts.id });
    expect(await runRewardDay(db, day, { now: at(day) })).toEqual({
      day,
      membersPaid: 0,
      totalPaid: "0",
      alreadyPaid: true,
    });
    expect(await rewardsOf(m.id, "DOGE")).toBe("0");
    await expectLedgerConsistent();
    // The races below start from DOGE without an active product.
    await db.execute(sql`UPDATE staking_products SET active = false WHERE id = ${late!.id}`);
  });

  it("I39 catch-up pays each missed day at the rates in force when it ended, never at today's", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    const id = await approvedProduct(a, b, { coinSymbol: "BTC", name: "BTC 36.5", annualRate: "36.5" });
    const staked = await staker("BTC", "1000");
    const changed = addDays(today, 5);
    // The rate is raised an hour after `changed` ended; no run happened in between.
    vi.useFakeTimers({ now: at(changed, 60), toFake: ["Date"] });
    const [a2, b2, m] = (await signIn(a, b, staked)) as [TestUser, TestUser, TestUser];
    const raised = await patchProduct(a2, id, { annualRate: "365", reason: "인상" });
    expect((await approve(b2, raised.body.proposal.id)).status).toBe(200);
    expect(await rateOf(m, "BTC")).toBe("365");

    const last = addDays(changed, 2);
    vi.setSystemTime(at(last));
    const [a3] = (await signIn(a)) as [TestUser];
    const run = await runDay(a3);
    expect(run.status).toBe(200);
    expect(run.body.days.map((d: { day: string }) => d.day)).toEqual(expect.arrayContaining([changed, last]));
    const rows = await rewardRows(m.id, "BTC");
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // 1000 at 36.5 % pays 1 a day; at 365 %, 10.
    for (const r of rows) {
      if (r.day <= changed) expect(r, r.day).toMatchObject({ amount: "1", rate: "36.5" });
      else expect(r, r.day).toMatchObject({ amount: "10", rate: "365" });
    }
    expect(rows.filter((r) => r.day > changed).map((r) => r.day)).toEqual([addDays(changed, 1), last]);
    await expectLedgerConsistent();
  });
});

describe.runIf(onPostgres())("races (PostgreSQL)", () => {
  it("I39 ten runs of the same day started at once pay it once; ten more after its rates rose pay nothing", async () => {
    const a = await createUser({ role: "ADMIN" });
    const b = await createUser({ role: "ADMIN" });
    // Below the 3 % in force since the product_create test: created at once, the coin's newest.
    const created = await createProduct(a, { coinSymbol: "ETH", name: "ETH race", annualRate: "2" });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const members = await Promise.all(Array.from({ length: 5 }, () => staker("ETH", "365")));
    // DOGE has no active product since the hidden-raises test: its stakers earn nothing that day.
    const dogeStakers = await Promise.all(Array.from({ length: 3 }, () => staker("DOGE", "365")));
    const day = addDays(today, 8);
    vi.useFakeTimers({ now: at(day), toFake: ["Date"] });
    const [a2, b2] = (await signIn(a, b)) as [TestUser, TestUser];
    const runs = await Promise.all(Array.from({ length: 10 }, () => runDay(a2, day)));
    expect(runs.every((r) => r.status === 200)).toBe(true);
    expect(runs.filter((r) => r.body.days[0].alreadyPaid === false)).toHaveLength(1);
    // 365 at 2 % a year: 0.02 a day.
    for (const m of members) expect(await rewardsOf(m.id, "ETH")).toBe("0.02");
    for (const m of dogeStakers) expect(await rewardsOf(m.id, "DOGE")).toBe("0");

    const raised = await patchProduct(a2, id, { annualRate: "20", reason: "인상" });
    expect((await approve(b2, raised.body.proposal.id)).status).toBe(200);
    const doge = await createProduct(a2, { coinSymbol: "DOGE", name: "DOGE race", annualRate: "36.5", reason: "r" });
    expect((await approve(b2, doge.body.proposal.id)).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 10 }, () => runDay(a2, day)));
    expect(again.map((r) => r.body.days[0])).toEqual(
      Array.from({ length: 10 }, () => ({ day, membersPaid: 0, totalPaid: "0", alreadyPaid: true })),
    );
    for (const m of members) expect(await rewardsOf(m.id, "ETH")).toBe("0.02");
    for (const m of dogeStakers) expect(await rewardsOf(m.id, "DOGE")).toBe("0");
    await expectLedgerConsistent();
  });

  it("I39 two product changes at once that each raise nothing but together would are decided one after the other (10 rounds)", async () => {
    const a = await createUser({ role: "ADMIN" });
    const c = await createUser({ role: "ADMIN" });
    const db = await getDb();
    const m = await staker("DOGE", "100");
    for (let round = 0; round < 10; round++) {
      await db.execute(sql`UPDATE staking_products SET active = false WHERE coin_symbol = 'DOGE'`);
      // An older 1,000 % product, off; the coin's newest, 5 %, on.
      const [high, low] = await db
        .insert(stakingProducts)
        .values([
          { coinSymbol: "DOGE", name: `hi${round}`, annualRate: "1000", active: false },
          { coinSymbol: "DOGE", name: `lo${round}`, annualRate: "5" },
        ])
        .returning({ id: stakingProducts.id });
      // Alone, each is harmless; after the other, each would put 1,000 % in force.
      const [on, off] = await Promise.all([
        patchProduct(a, high!.id, { active: true, reason: "r" }),
        patchProduct(c, low!.id, { active: false, reason: "r" }),
      ]);
      expect([on.status, off.status].sort()).toEqual([200, 202]);
      expect(await rateOf(m, "DOGE")).not.toBe("1000");
    }
  });
});
