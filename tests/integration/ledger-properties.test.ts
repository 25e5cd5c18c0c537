/**
 * Property tests (fast-check) for the ledger on a real database: any random sequence of
 * postings through lib/ledger — credits, debits, moves, holds and releases, member-to-member transfers,
 * two-coin swaps, batch credits, idempotent replays, rolled-back transactions and overdrafts — answers as a
 * plain decimal model says (an overdraft is refused exactly when the model would go below zero, and then
 * nothing moves), and afterwards every invariant of lib/ledger/check.ts holds. A second property fires a
 * batch of postings at once (real concurrency on PostgreSQL): the balances end as the sum of the postings
 * that succeeded, never below zero. The reward's SQL twin is held to dailyReward on random inputs.
 * Seeded (FC_SEED=<n> replays); fast-check prints the seed and the shrunk operation list on a failure.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import type { Coin } from "@/db/schema";
import {
  credit,
  debit,
  type Leg,
  type MemberKind,
  member,
  memberBalances,
  move,
  post,
  type SystemKind,
  system,
} from "@/lib/ledger";
import { postBatchCredit } from "@/lib/ledger/batch";
import { checkLedger, coinPositions } from "@/lib/ledger/check";
import { D, type Dec, floorTo } from "@/lib/money";
import { dailyReward, rewardSql } from "@/lib/staking/rates";
import { createUser, type TestUser } from "../factories/users";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const SEED = Number(process.env.FC_SEED) || 15_2026;
const where = onPostgres() ? "PostgreSQL" : "PGlite";
const COINS: Coin[] = ["WLD", "BTC"];
const KINDS: MemberKind[] = ["holding", "staked", "held", "rewards"];
const SOURCES: SystemKind[] = ["external", "airdrop", "rewards_pool", "adjustments", "fees"];
const N_USERS = 3;

// ——— the model: balances of the test members, plain decimals ———

type Model = Map<string, Dec>; // `${user}:${coin}:${kind}` → balance
const key = (u: number, c: Coin, k: MemberKind) => `${u}:${c}:${k}`;
const bal = (m: Model, u: number, c: Coin, k: MemberKind) => m.get(key(u, c, k)) ?? new D(0);

async function readModel(db: Awaited<ReturnType<typeof getDb>>, users: TestUser[]): Promise<Model> {
  const m: Model = new Map();
  for (const [i, u] of users.entries()) {
    const b = await memberBalances(db, u.id, COINS);
    for (const c of COINS) for (const k of KINDS) m.set(key(i, c, k), new D(b[c]?.[k] ?? "0"));
  }
  return m;
}

const modelText = (m: Model) =>
  Object.fromEntries([...m.entries()].filter(([, v]) => !v.eq(0)).map(([k, v]) => [k, v.toFixed()]));

// ——— operations ———

/** How an amount is chosen at run time, against the model: a fixed figure, all of it, 1e-18 more, a share. */
type AmountSpec = { t: "abs"; v: string } | { t: "all" } | { t: "over" } | { t: "share"; p: number };

type Op =
  | { op: "credit"; u: number; c: Coin; to: MemberKind; from: SystemKind; a: AmountSpec }
  | { op: "debit"; u: number; c: Coin; from: MemberKind; a: AmountSpec }
  | { op: "move"; u: number; c: Coin; from: MemberKind; to: MemberKind; a: AmountSpec }
  | { op: "transfer"; u: number; v: number; c: Coin; a: AmountSpec }
  | { op: "swap"; u: number; from: Coin; to: Coin; a: AmountSpec; rate: string }
  | { op: "batch"; c: Coin; amounts: (string | null)[] }
  | { op: "replay"; u: number; c: Coin; a: AmountSpec; mismatch: boolean }
  | { op: "rollback"; u: number; c: Coin; a: AmountSpec };

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((a) => a.join(""));
const positive = fc
  .tuple(digits(1, 6), digits(0, 18))
  .map(([i, f]) => new D(`${i}${f ? `.${f}` : ""}`))
  .filter((d) => d.gt(0))
  .map((d) => d.toFixed());
const amountSpec: fc.Arbitrary<AmountSpec> = fc.oneof(
  { arbitrary: positive.map((v) => ({ t: "abs" as const, v })), weight: 4 },
  { arbitrary: fc.constant({ t: "all" as const }), weight: 2 },
  { arbitrary: fc.constant({ t: "over" as const }), weight: 2 },
  { arbitrary: fc.integer({ min: 1, max: 99 }).map((p) => ({ t: "share" as const, p })), weight: 3 },
);
const user = fc.integer({ min: 0, max: N_USERS - 1 });
const coin = fc.constantFrom(...COINS);
const kind = fc.constantFrom(...KINDS);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("credit" as const),
      u: user,
      c: coin,
      to: kind,
      from: fc.constantFrom(...SOURCES),
      a: positive.map((v) => ({ t: "abs" as const, v })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant("debit" as const), u: user, c: coin, from: kind, a: amountSpec }),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ op: fc.constant("move" as const), u: user, c: coin, from: kind, to: kind, a: amountSpec })
      .filter((o) => o.from !== o.to),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ op: fc.constant("transfer" as const), u: user, v: user, c: coin, a: amountSpec })
      .filter((o) => o.u !== o.v),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("swap" as const),
      u: user,
      from: coin,
      to: coin,
      a: amountSpec,
      rate: fc.constantFrom("0.5", "3", "0.000123", "1234.5678"),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("batch" as const),
      c: coin,
      amounts: fc.array(fc.option(positive, { nil: null }), { minLength: N_USERS, maxLength: N_USERS }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("replay" as const),
      u: user,
      c: coin,
      a: amountSpec,
      mismatch: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("rollback" as const), u: user, c: coin, a: amountSpec }) },
);

function amountOf(spec: AmountSpec, available: Dec): Dec {
  switch (spec.t) {
    case "abs":
      return new D(spec.v);
    case "all":
      return available.gt(0) ? available : new D("0.000000000000000001");
    case "over":
      return available.plus("0.000000000000000001");
    case "share": {
      const s = floorTo(available.times(spec.p).div(100), 18);
      return s.gt(0) ? s : new D("0.000000000000000001");
    }
  }
}

let runSeq = 0;

/** Applies one operation to the database and the model; answers what the model expected and what happened. */
async function apply(db: Awaited<ReturnType<typeof getDb>>, users: TestUser[], m: Model, o: Op): Promise<void> {
  const id = (i: number) => users[i]!.id;
  /** Legs of member accounts in model terms: [userIndex, coin, kind, delta]. */
  let legs: [number, Coin, MemberKind, Dec][] = [];
  let attempt: () => Promise<unknown>;
  switch (o.op) {
    case "credit": {
      const a = amountOf(o.a, new D(0));
      legs = [[o.u, o.c, o.to, a]];
      attempt = () => credit(db, { userId: id(o.u), coin: o.c, amount: a, to: o.to, from: o.from });
      break;
    }
    case "debit": {
      const a = amountOf(o.a, bal(m, o.u, o.c, o.from));
      legs = [[o.u, o.c, o.from, a.neg()]];
      attempt = () => debit(db, { userId: id(o.u), coin: o.c, amount: a, from: o.from });
      break;
    }
    case "move": {
      const a = amountOf(o.a, bal(m, o.u, o.c, o.from));
      legs = [
        [o.u, o.c, o.from, a.neg()],
        [o.u, o.c, o.to, a],
      ];
      attempt = () => move(db, { userId: id(o.u), coin: o.c, amount: a, from: o.from, to: o.to });
      break;
    }
    case "transfer": {
      const a = amountOf(o.a, bal(m, o.u, o.c, "holding"));
      legs = [
        [o.u, o.c, "holding", a.neg()],
        [o.v, o.c, "holding", a],
      ];
      const ledgerLegs: Leg[] = [
        { account: member(id(o.u), o.c, "holding"), amount: a.neg() },
        { account: member(id(o.v), o.c, "holding"), amount: a },
      ];
      attempt = () => post(db, { kind: "P2P", legs: ledgerLegs });
      break;
    }
    case "swap": {
      const a = amountOf(o.a, bal(m, o.u, o.from, "holding"));
      const got = floorTo(a.times(o.rate), 18);
      if (got.eq(0)) return; // nothing to receive: not a posting
      const same = o.from === o.to;
      legs = same
        ? [[o.u, o.from, "holding", got.minus(a)]]
        : [
            [o.u, o.from, "holding", a.neg()],
            [o.u, o.to, "held", got],
          ];
      const ledgerLegs: Leg[] = same
        ? [
            { account: member(id(o.u), o.from, "holding"), amount: a.neg() },
            { account: system(o.from, "external"), amount: a },
            { account: system(o.from, "fees"), amount: got.neg() },
            { account: member(id(o.u), o.from, "holding"), amount: got },
          ]
        : [
            { account: member(id(o.u), o.from, "holding"), amount: a.neg() },
            { account: system(o.from, "external"), amount: a },
            { account: system(o.to, "external"), amount: got.neg() },
            { account: member(id(o.u), o.to, "held"), amount: got },
          ];
      attempt = () => post(db, { kind: "SWAP", legs: ledgerLegs });
      break;
    }
    case "batch": {
      const rows = o.amounts.flatMap((a, i) => (a === null ? [] : [{ u: i, a: new D(a) }]));
      legs = rows.map((r) => [r.u, o.c, "rewards", r.a]);
      const k = `prop-batch-${process.pid}-${++runSeq}`;
      attempt = async () => {
        const values = rows.map((r) => sql`(${id(r.u)}::integer, ${r.a.toFixed()}::numeric)`);
        const input = {
          kind: "PROP_BATCH",
          idempotencyKey: k,
          coin: o.c,
          from: "rewards_pool" as const,
          to: "rewards" as const,
          rows: async () =>
            values.length
              ? sql`SELECT * FROM (VALUES ${sql.join(values, sql`, `)}) v(user_id, amount)`
              : sql`SELECT NULL::integer AS user_id, NULL::numeric AS amount WHERE false`,
        };
        const first = await postBatchCredit(db, input);
        expect(first.replayed).toBe(false);
        expect(first.count).toBe(rows.length);
        const again = await postBatchCredit(db, input); // the same key again: nothing moves
        expect(again.replayed).toBe(true);
      };
      break;
    }
    case "replay": {
      const a = amountOf(o.a, bal(m, o.u, o.c, "staked"));
      legs = [
        [o.u, o.c, "staked", a.neg()],
        [o.u, o.c, "held", a],
      ];
      const k = `prop-hold-${process.pid}-${++runSeq}`;
      const args = { userId: id(o.u), coin: o.c, amount: a, from: "staked" as const, to: "held" as const };
      attempt = async () => {
        const first = await move(db, { ...args, kind: "TRANSFER_HOLD", idempotencyKey: k, requestHash: "h1" });
        const again = await move(db, { ...args, kind: "TRANSFER_HOLD", idempotencyKey: k, requestHash: "h1" });
        expect(again).toMatchObject({ replayed: true, postingId: first.postingId });
        if (o.mismatch)
          await expect(
            move(db, { ...args, amount: a.plus(1), kind: "TRANSFER_HOLD", idempotencyKey: k, requestHash: "h2" }),
          ).rejects.toMatchObject({ code: "IDEMPOTENCY_MISMATCH" });
      };
      break;
    }
    case "rollback": {
      // A caller's transaction that moves coins and then fails: nothing of it remains.
      const a = amountOf(o.a, bal(m, o.u, o.c, "holding"));
      const before = await readModel(db, users);
      await expect(
        db.transaction(async (tx) => {
          await credit(tx, { userId: id(o.u), coin: o.c, amount: a, to: "holding" });
          await move(tx, { userId: id(o.u), coin: o.c, amount: a, from: "holding", to: "staked" });
          throw new Error("caller fails after posting");
        }),
      ).rejects.toThrow(/caller fails/);
      expect(modelText(await readModel(db, users))).toEqual(modelText(before));
      return;
    }
  }
  // The model's verdict: every member account it touches stays at or above zero.
  const next = new Map(m);
  for (const [u, c, k, delta] of legs) next.set(key(u, c, k), bal(next, u, c, k).plus(delta));
  const allowed = [...next.values()].every((v) => !v.lt(0));
  if (allowed) {
    await attempt();
    for (const [k, v] of next) m.set(k, v);
  } else {
    await expect(attempt(), `${JSON.stringify(o)} must be refused`).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
    });
  }
}

describe(`ledger properties (${where})`, () => {
  let users: TestUser[] = [];
  beforeAll(async () => {
    users = [];
    for (let i = 0; i < N_USERS; i++) users.push(await createUser());
  });

  it("any sequence of postings answers as the model says and keeps every invariant", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const m = await readModel(db, users);
        for (const o of ops) {
          await apply(db, users, m, o);
          expect(modelText(await readModel(db, users)), `after ${JSON.stringify(o)}`).toEqual(modelText(m));
        }
        expect(await checkLedger(db)).toEqual([]);
        expect((await coinPositions(db)).filter((p) => !p.ok)).toEqual([]);
      }),
      { seed: SEED, numRuns: 60 },
    );
    await expectLedgerConsistent();
  });

  it(`postings fired at once end as the sum of those that succeeded, never below zero (${where})`, async () => {
    const db = await getDb();
    const concurrentOp = fc.oneof(
      fc.record({
        op: fc.constant("debit" as const),
        u: user,
        c: fc.constant<Coin>("WLD"),
        from: fc.constant<MemberKind>("holding"),
        a: amountSpec,
      }),
      fc
        .record({
          op: fc.constant("move" as const),
          u: user,
          c: fc.constant<Coin>("WLD"),
          from: fc.constantFrom<MemberKind>("holding", "staked"),
          to: fc.constantFrom<MemberKind>("staked", "held"),
          a: amountSpec,
        })
        .filter((o) => o.from !== o.to),
      fc
        .record({ op: fc.constant("transfer" as const), u: user, v: user, c: fc.constant<Coin>("WLD"), a: amountSpec })
        .filter((o) => o.u !== o.v),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(concurrentOp, { minLength: 2, maxLength: 24 }), async (ops) => {
        // Fund everyone a little so that some postings pass and some are refused.
        for (const u of users) await credit(db, { userId: u.id, coin: "WLD", amount: "3.5" });
        const start = await readModel(db, users);
        // Amounts are fixed against the balances before the burst; who wins is up to the database.
        const planned = ops.map((o) => {
          const from = o.op === "transfer" ? "holding" : o.from;
          const a = amountOf(o.a, bal(start, o.u, "WLD", from));
          const legs: [number, MemberKind, Dec][] =
            o.op === "debit"
              ? [[o.u, "holding", a.neg()]]
              : o.op === "move"
                ? [
                    [o.u, o.from, a.neg()],
                    [o.u, o.to, a],
                  ]
                : [
                    [o.u, "holding", a.neg()],
                    [o.v, "holding", a],
                  ];
          const id = (i: number) => users[i]!.id;
          const run = () =>
            o.op === "debit"
              ? debit(db, { userId: id(o.u), coin: "WLD", amount: a })
              : o.op === "move"
                ? move(db, { userId: id(o.u), coin: "WLD", amount: a, from: o.from, to: o.to })
                : post(db, {
                    kind: "P2P",
                    legs: [
                      { account: member(id(o.u), "WLD", "holding"), amount: a.neg() },
                      { account: member(id(o.v), "WLD", "holding"), amount: a },
                    ],
                  });
          return { legs, run };
        });
        const results = await Promise.allSettled(planned.map((p) => p.run()));
        const expected = new Map(start);
        results.forEach((r, i) => {
          if (r.status === "rejected") {
            expect((r.reason as { code?: string }).code, String(r.reason)).toBe("INSUFFICIENT_FUNDS");
            return;
          }
          for (const [u, k, delta] of planned[i]!.legs)
            expected.set(key(u, "WLD", k), bal(expected, u, "WLD", k).plus(delta));
        });
        const end = await readModel(db, users);
        expect(modelText(end)).toEqual(modelText(expected));
        for (const v of end.values()) expect(v.lt(0)).toBe(false);
        expect(await checkLedger(db)).toEqual([]);
      }),
      { seed: SEED, numRuns: onPostgres() ? 40 : 15 },
    );
    await expectLedgerConsistent();
  });

  it("the reward's SQL twin (rewardSql) answers what dailyReward answers, on random balances and rates", async () => {
    const db = await getDb();
    const digitsArb = (min: number, max: number) =>
      fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((a) => a.join(""));
    const balance = fc
      .tuple(digitsArb(1, 20), digitsArb(0, 18))
      .map(([i, f]) => new D(`${i}${f ? `.${f}` : ""}`).toFixed());
    const rate = fc
      .tuple(fc.integer({ min: 0, max: 1000 }), digitsArb(0, 6))
      .map(([i, f]) => new D(`${i}${f ? `.${f}` : ""}`))
      .filter((r) => r.lte(1000))
      .map((r) => r.toFixed());
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(balance, rate), { minLength: 1, maxLength: 50 }), async (pairs) => {
        const values = pairs.map(([b, r], i) => sql`(${i}::integer, ${b}::numeric(38,18), ${r}::numeric(12,6))`);
        const rows = rowsOf<{ i: number; reward: string }>(
          await db.execute(
            sql`SELECT i, ${rewardSql(sql`b`, sql`r`)}::text AS reward FROM (VALUES ${sql.join(values, sql`, `)}) v(i, b, r) ORDER BY i`,
          ),
        );
        expect(rows.map((x) => new D(x.reward).toFixed())).toEqual(pairs.map(([b, r]) => dailyReward(b, r).toFixed()));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
