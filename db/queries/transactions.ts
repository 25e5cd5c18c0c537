/** A member's visible history (transactions): newest first, hidden rows left out for the member. */
import "server-only";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type Coin, type TxType, transactions } from "@/db/schema";
import { toDecimalString } from "@/lib/money";

export type TransactionDto = { id: number; type: TxType; coinSymbol: Coin; amount: string; createdAt: string };
export type AdminTransactionDto = TransactionDto & { hidden: boolean; hiddenAt: string | null };

export async function memberTransactions(
  db: DbOrTx,
  { userId, page, limit }: { userId: number; page: number; limit: number },
): Promise<{ items: TransactionDto[]; total: number }> {
  const where = and(eq(transactions.userId, userId), isNull(transactions.hiddenAt));
  const rows = await db
    .select({
      id: transactions.id,
      type: transactions.type,
      coinSymbol: transactions.coinSymbol,
      amount: transactions.amount,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [c] = await db.select({ n: count() }).from(transactions).where(where);
  return {
    items: rows.map((r) => ({ ...r, amount: toDecimalString(r.amount), createdAt: r.createdAt.toISOString() })),
    total: Number(c?.n ?? 0),
  };
}

/** Everything, hidden rows included and marked, for the admin's transaction modal. */
export async function adminTransactions(
  db: DbOrTx,
  { userId, page, limit }: { userId: number; page: number; limit: number },
): Promise<{ items: AdminTransactionDto[]; total: number }> {
  const where = eq(transactions.userId, userId);
  const rows = await db
    .select({
      id: transactions.id,
      type: transactions.type,
      coinSymbol: transactions.coinSymbol,
      amount: transactions.amount,
      createdAt: transactions.createdAt,
      hiddenAt: transactions.hiddenAt,
    })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [c] = await db.select({ n: count() }).from(transactions).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      coinSymbol: r.coinSymbol,
      amount: toDecimalString(r.amount),
      createdAt: r.createdAt.toISOString(),
      hidden: r.hiddenAt !== null,
      hiddenAt: r.hiddenAt?.toISOString() ?? null,
    })),
    total: Number(c?.n ?? 0),
  };
}
