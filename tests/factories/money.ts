/** Money fixtures for the money tests: balances through the real ledger, counts read from the database. */
import { sql } from "drizzle-orm";
import { getDb, rowsOf, type Tx } from "@/db/client";
import { priceSnapshots } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { D } from "@/lib/money";
import { createUser, type TestUser } from "./users";

export const OP_WALLET = "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7";
export const ERC20_WALLET = "ERC20|Upbit|0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

/** Puts coins in a member's WLD holding and staked accounts (external → holding → staked). */
export async function fund(userId: number, { holding = "0", staked = "0" }: { holding?: string; staked?: string }) {
  const db = await getDb();
  if (holding !== "0") await credit(db, { userId, coin: "WLD", amount: holding });
  if (staked !== "0") {
    await credit(db, { userId, coin: "WLD", amount: staked });
    await move(db, { userId, coin: "WLD", amount: staked, from: "holding", to: "staked" });
  }
}

export async function wld(userId: number) {
  const b = await memberBalances(await getDb(), userId, ["WLD"]);
  return b.WLD ?? { holding: "0", staked: "0", held: "0", rewards: "0" };
}

/**
 * A member with an approved ID and (by default) an OP wallet address. A WLD price is stored too (2800 KRW):
 * a transfer or withdraw request is valued at the known price for the daily limit (lib/wallet/limits.ts).
 */
export async function approvedMember(walletAddr: string | null = OP_WALLET): Promise<TestUser> {
  await setFreshWldPrice();
  return createUser({ idStatus: "APPROVED", walletAddr });
}

export async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const rows = rowsOf<{ n: string }>(await (await getDb()).execute(query));
  return Number(rows[0]?.n ?? 0);
}

/** Rows a member-facing test must see unchanged after a refused call. */
export async function snapshot(userId: number) {
  return {
    balances: await wld(userId),
    requests: await countOf(sql`select count(*)::text as n from requests where user_id = ${userId}`),
    transactions: await countOf(sql`select count(*)::text as n from transactions where user_id = ${userId}`),
    postings: await countOf(sql`select count(*)::text as n from ledger_postings`),
  };
}

/**
 * A trusted WLD price stored at `at`: USDT/KRW 1400 from the ticker and a WLD 1-hour candle closing at `usdt`
 * (2 → WLD = 2800 KRW). These are the rows lib/prices reads back when the upstream feeds are unreachable.
 */
export async function setFreshWldPrice(at = new Date(), usdt = "2") {
  const db = await getDb();
  await db
    .insert(priceSnapshots)
    .values([
      {
        symbol: "USDT",
        series: "ticker",
        time: at,
        priceKrw: "1400",
        usdtKrw: "1400",
        changePercent: "0",
        source: "upbit",
        fetchedAt: at,
      },
      {
        symbol: "WLD",
        series: "1h",
        time: at,
        priceKrw: new D(usdt).times(1400).toFixed(0),
        usdtKrw: "1400",
        source: "binance",
        fetchedAt: at,
      },
    ])
    .onConflictDoNothing();
}

export { createUser };

/** A PENDING KRW deposit request of the member (nothing is held for a deposit); answers its id. */
export async function createDepositRequestRow(userId: number): Promise<number> {
  const db = await getDb();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, krw_amount, price_krw, quote_expires_at)
      VALUES (${userId}, 'DEPOSIT', 'WLD', 10, 0, 10, 20000, 2000, now() + interval '10 minutes')
      RETURNING id::text AS id`),
  );
  return Number(rows[0]!.id);
}

/** The id of the member's newest history row. */
export async function latestTransactionId(userId: number): Promise<number> {
  const db = await getDb();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT max(id)::text AS id FROM transactions WHERE user_id = ${userId}`),
  );
  return Number(rows[0]!.id);
}

/**
 * Holds the member's users row as deactivateMember does (FOR UPDATE, status DEACTIVATED, address erased) while
 * `work` runs; reports whether `work` finished before the deactivation committed ("finished") or waited.
 * `thenInside` runs in the deactivation's transaction once `work` has had its head start (as the real one goes on
 * to the member's requests).
 */
export async function whileDeactivating<T>(
  userId: number,
  work: () => Promise<T>,
  thenInside?: (tx: Tx) => Promise<unknown>,
) {
  const db = await getDb();
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => {
    locked = r;
  });
  const deactivation = db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    await tx.execute(sql`UPDATE users SET status = 'DEACTIVATED', wallet_addr = NULL WHERE id = ${userId}`);
    locked();
    await gate;
    await thenInside?.(tx);
  });
  await isLocked;
  const running = work();
  const early = await Promise.race([
    running.then(() => "finished" as const),
    new Promise<"waiting">((r) => setTimeout(() => r("waiting"), 500)),
  ]);
  release();
  await deactivation;
  return { early, result: await running };
}
