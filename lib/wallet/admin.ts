/**
 * The administrator's coin calls: a credit with a visible DEPOSIT row, an unrecorded adjustment
 * against the `adjustments` account, and hiding a history row (the ledger is never touched). All audited; the
 * member is notified of each credit and debit.
 * Money calls lock the member row first and refuse a deactivated member (404), also one deactivated while
 * the call was under way.
 */
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { type Coin, transactions } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { credit, debit } from "@/lib/ledger";
import { type Dec, toDecimalString } from "@/lib/money";
import { notify } from "@/lib/notifications";
import { activeMemberForShareOrThrow } from "./member-row";

type Ctx = Partial<RequestMeta>;
/** `postingKey`: the ledger idempotency key (an approved four-eyes proposal posts under `proposal:<id>`). */
type Args = { adminId: number; targetId: number; symbol: Coin; amount: Dec; postingKey?: string } & Ctx;

const holdingOf = (res: { balances: { account: { kind: string; userId: number | null }; balance: string }[] }) =>
  res.balances.find((b) => b.account.userId !== null && b.account.kind === "holding")?.balance ?? "0";

/**
 * The member is told of an administrator's credit or debit of their holding, in its transaction —
 * also when it is applied by an approved four-eyes proposal, never when it is only proposed.
 */
const told = (tx: Tx, a: Args, kind: "balance_credited" | "balance_debited") =>
  notify(tx, a.targetId, kind, { coin: a.symbol, amount: toDecimalString(a.amount), account: "holding" });

/** PATCH /api/admin/users/{id}/coin, action DEPOSIT: external → holding with a DEPOSIT history row. */
export async function adminDeposit(tx: Tx, a: Args): Promise<{ symbol: Coin; holding: string }> {
  await activeMemberForShareOrThrow(tx, a.targetId);
  const res = await credit(tx, {
    kind: "ADMIN_DEPOSIT",
    userId: a.targetId,
    coin: a.symbol,
    amount: a.amount,
    actorId: a.adminId,
    idempotencyKey: a.postingKey,
    memberTx: [{ userId: a.targetId, type: "DEPOSIT", coinSymbol: a.symbol, amount: a.amount }],
    audit: {
      action: "admin.coin.deposit",
      actorId: a.adminId,
      targetUserId: a.targetId,
      ip: a.ip,
      requestId: a.requestId,
      after: { symbol: a.symbol, amount: a.amount.toFixed() },
    },
  });
  if (!res.replayed) await told(tx, a, "balance_credited");
  return { symbol: a.symbol, holding: holdingOf(res) };
}

/**
 * PATCH /api/admin/users/{id}/coinunhist: DEPOSIT moves adjustments → holding, WITHDRAW holding →
 * adjustments (never below zero: 409 INSUFFICIENT_FUNDS). No member-visible history row; audited.
 */
export async function adminUnrecorded(
  tx: Tx,
  a: Args & { action: "DEPOSIT" | "WITHDRAW" },
): Promise<{ symbol: Coin; holding: string }> {
  await activeMemberForShareOrThrow(tx, a.targetId);
  const common = {
    userId: a.targetId,
    coin: a.symbol,
    amount: a.amount,
    actorId: a.adminId,
    idempotencyKey: a.postingKey,
    audit: {
      action:
        a.action === "DEPOSIT"
          ? ("admin.coin.unrecorded.deposit" as const)
          : ("admin.coin.unrecorded.withdraw" as const),
      actorId: a.adminId,
      targetUserId: a.targetId,
      ip: a.ip,
      requestId: a.requestId,
      after: { symbol: a.symbol, amount: a.amount.toFixed(), action: a.action },
    },
  };
  const res =
    a.action === "DEPOSIT"
      ? await credit(tx, { ...common, kind: "ADJUSTMENT_CREDIT", from: "adjustments" })
      : await debit(tx, { ...common, kind: "ADJUSTMENT_DEBIT", to: "adjustments" });
  if (!res.replayed) await told(tx, a, a.action === "DEPOSIT" ? "balance_credited" : "balance_debited");
  return { symbol: a.symbol, holding: holdingOf(res) };
}

/** DELETE /api/admin/transactions/{id}: hides the row from the member's history; balances untouched. */
export async function hideTransaction(a: { adminId: number; id: number } & Ctx) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({ hiddenAt: new Date(), hiddenBy: a.adminId })
      .where(and(eq(transactions.id, a.id), isNull(transactions.hiddenAt)))
      .returning({ id: transactions.id, userId: transactions.userId });
    if (!row) {
      const [exists] = await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, a.id));
      if (!exists) throw new AppError("NOT_FOUND");
      return { id: a.id, hidden: true };
    }
    await audit(tx, {
      action: "admin.transaction.hide",
      actorId: a.adminId,
      targetUserId: row.userId,
      targetId: row.id,
      ip: a.ip,
      requestId: a.requestId,
      after: { hidden: true },
    });
    return { id: row.id, hidden: true };
  });
}
