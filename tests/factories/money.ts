/** Money fixtures for the money tests: balances through the real ledger, counts read from the database. */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import { priceSnapshots } from "@/db/schema";
import { credit, memberBalances, move } from "@/lib/ledger";
import { createUser, type TestUser } from "./users";

export const OP_WALLET = "OP|Binance|0x52908400098527886E0F7030069857D2E4169EE7";
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

/** A member with an approved ID and (by default) an OP wallet address. */
export function approvedMember(walletAddr: string | null = OP_WALLET): Promise<TestUser> {
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
 * A fresh, trusted WLD price: USDT/KRW 1400 from the ticker and a WLD 1-hour candle closing at 2 USDT,
 * so WLD = 2800 KRW. These are the rows lib/prices reads back when the upstream feeds are unreachable.
 */
export async function setFreshWldPrice(at = new Date()) {
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
      { symbol: "WLD", series: "1h", time: at, priceKrw: "2800", usdtKrw: "1400", source: "binance", fetchedAt: at },
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
