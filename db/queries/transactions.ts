/** A member's visible history (transactions): newest first, hidden rows left out for the member (and counted). */
import "server-only";
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type Coin, type TxType, transactions } from "@/db/schema";

export type TransactionDto = { id: number; type: TxType; coinSymbol: Coin; amount: string; createdAt: string };
export type AdminTransactionDto = TransactionDto & { hidden: boolean; hiddenAt: string | null };

type Page = { userId: number; page: number; limit: number };

async function pageOf(db: DbOrTx, where: SQL | undefined, { page, limit }: Page) {
  const [rows, [c]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        type: transactions.type,
        coinSymbol: transactions.coinSymbol,
        // Decimal text without trailing zeros ("12.5"), as every answer carries amounts.
        amount: sql<string>`trim_scale(${transactions.amount})::text`,
        createdAt: transactions.createdAt,
        hiddenAt: transactions.hiddenAt,
      })
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

const toDto = (r: { id: number; type: TxType; coinSymbol: Coin; amount: string; createdAt: Date }): TransactionDto => ({
  id: r.id,
  type: r.type,
  coinSymbol: r.coinSymbol,
  amount: r.amount,
  createdAt: r.createdAt.toISOString(),
});

export async function memberTransactions(
  db: DbOrTx,
  q: Page,
): Promise<{ items: TransactionDto[]; total: number; hidden: number }> {
  const [{ rows, total }, [h]] = await Promise.all([
    pageOf(db, and(eq(transactions.userId, q.userId), isNull(transactions.hiddenAt)), q),
    // How many rows an administrator hid: the history says so (they are in the CSV, so the file sums to the balance).
    db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.userId, q.userId), isNotNull(transactions.hiddenAt))),
  ]);
  return { items: rows.map(toDto), total, hidden: Number(h?.n ?? 0) };
}

/** Everything, hidden rows included and marked, for the admin's transaction modal. */
export async function adminTransactions(db: DbOrTx, q: Page): Promise<{ items: AdminTransactionDto[]; total: number }> {
  const { rows, total } = await pageOf(db, eq(transactions.userId, q.userId), q);
  return {
    items: rows.map((r) => ({ ...toDto(r), hidden: r.hiddenAt !== null, hiddenAt: r.hiddenAt?.toISOString() ?? null })),
    total,
  };
}
