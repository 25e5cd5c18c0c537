/**
 * The ledger: the only code that changes balances.
 *
 * Every movement is one posting of balanced entries (they sum to zero per coin), written in one
 * database transaction together with the balances it changes. Balances change by guarded relative
 * updates taken in account-id order (no read-check-write, no deadlocks), and a CHECK constraint keeps
 * member accounts from ever going below zero. An idempotency key makes a posting apply at most once.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import {
  type AccountKind,
  type Coin,
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  type TxType,
  transactions,
} from "@/db/schema";
import { type AuditEvent, audit } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { COIN_DECIMALS, D, type Dec, toDecimalString } from "@/lib/money";

export const MEMBER_KINDS = ["holding", "staked", "held", "rewards"] as const;
export const SYSTEM_KINDS = ["external", "fees", "airdrop", "rewards_pool", "adjustments"] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export type SystemKind = (typeof SYSTEM_KINDS)[number];

export type AccountRef =
  | { userId: number; coin: Coin; kind: MemberKind }
  | { userId: null; coin: Coin; kind: SystemKind };

export const member = (userId: number, coin: Coin, kind: MemberKind): AccountRef => ({ userId, coin, kind });
export const system = (coin: Coin, kind: SystemKind): AccountRef => ({ userId: null, coin, kind });

export type Leg = { account: AccountRef; amount: Dec | string };

export type MemberTx = { userId: number; type: TxType; coinSymbol: Coin; amount: Dec | string };

export type PostingInput = {
  /** What happened, e.g. "SWAP", "TRANSFER_HOLD", "KYC_REWARD". */
  kind: string;
  legs: Leg[];
  /** Applies the posting at most once; a replay returns the first posting. */
  idempotencyKey?: string;
  /** What was asked for; a replayed key with a different hash is refused with 422. */
  requestHash?: string;
  actorId?: number | null;
  memo?: string;
  /** Rows for the member's visible history, written beside the posting. */
  memberTx?: MemberTx[];
  audit?: Omit<AuditEvent, "after"> & { after?: unknown };
};

export type PostingResult = {
  postingId: number;
  /** True when the idempotency key had already been used: nothing moved this time. */
  replayed: boolean;
  /** Balance of every touched account after the posting (empty on replay). */
  balances: { account: AccountRef; balance: string }[];
  transactionIds: number[];
};

const keyOf = (a: AccountRef) => `${a.userId ?? "sys"}:${a.coin}:${a.kind}`;

function assertBalanced(legs: { account: AccountRef; amount: Dec }[]) {
  if (legs.length < 2) throw new Error("ledger: a posting needs at least two legs");
  const sums = new Map<Coin, Dec>();
  for (const leg of legs) {
    if (leg.amount.isZero()) throw new Error("ledger: zero leg");
    if (leg.amount.decimalPlaces() > COIN_DECIMALS) throw new Error("ledger: more decimals than the coin has");
    const isMember = leg.account.userId !== null;
    if (isMember !== (MEMBER_KINDS as readonly string[]).includes(leg.account.kind))
      throw new Error(`ledger: account kind ${leg.account.kind} does not fit its owner`);
    sums.set(leg.account.coin, (sums.get(leg.account.coin) ?? new D(0)).plus(leg.amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger: posting does not balance for ${coin} (${sum.toFixed()})`);
  }
}

/** Finds or creates the accounts and returns their ids, keyed like keyOf. */
export async function ensureAccounts(tx: DbOrTx, refs: AccountRef[]): Promise<Map<string, number>> {
  const unique = [...new Map(refs.map((r) => [keyOf(r), r])).values()];
  await tx
    .insert(ledgerAccounts)
    .values(unique.map((r) => ({ userId: r.userId, coin: r.coin, kind: r.kind as AccountKind })))
    .onConflictDoNothing();
  const ids = new Map<string, number>();
  for (const r of unique) {
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          r.userId === null ? sql`${ledgerAccounts.userId} IS NULL` : eq(ledgerAccounts.userId, r.userId),
          eq(ledgerAccounts.coin, r.coin),
          eq(ledgerAccounts.kind, r.kind),
        ),
      );
    if (!row) throw new Error("ledger: account vanished");
    ids.set(keyOf(r), row.id);
  }
  return ids;
}

/** Applies one balanced posting. Opens a transaction, or a savepoint inside the caller's. */
export async function post(db: DbOrTx, input: PostingInput): Promise<PostingResult> {
  const legs = input.legs.map((l) => ({ account: l.account, amount: new D(l.amount) }));
  assertBalanced(legs);

  return db.transaction(async (tx) => {
    const [posting] = await tx
      .insert(ledgerPostings)
      .values({
        kind: input.kind,
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash: input.requestHash ?? null,
        actorId: input.actorId ?? null,
        memo: input.memo ?? null,
      })
      .onConflictDoNothing({ target: ledgerPostings.idempotencyKey })
      .returning({ id: ledgerPostings.id });

    if (!posting) {
      // The key was used before (or by a concurrent request that has now committed).
      const [prior] = await tx
        .select({ id: ledgerPostings.id, requestHash: ledgerPostings.requestHash })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.idempotencyKey, input.idempotencyKey as string));
      if (!prior) throw new Error("ledger: idempotency key conflict without a posting");
      if ((prior.requestHash ?? null) !== (input.requestHash ?? null)) throw new AppError("IDEMPOTENCY_MISMATCH");
      const txRows = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.postingId, prior.id));
      return { postingId: prior.id, replayed: true, balances: [], transactionIds: txRows.map((r) => r.id) };
    }

    const ids = await ensureAccounts(
      tx,
      legs.map((l) => l.account),
    );
    // One net change per account, applied in id order so concurrent postings never deadlock.
    const net = new Map<number, { account: AccountRef; amount: Dec }>();
    for (const leg of legs) {
      const id = ids.get(keyOf(leg.account)) as number;
      const prev = net.get(id);
      net.set(id, { account: leg.account, amount: prev ? prev.amount.plus(leg.amount) : leg.amount });
    }
    const balances: PostingResult["balances"] = [];
    for (const [id, { account, amount }] of [...net.entries()].sort((a, b) => a[0] - b[0])) {
      if (amount.isZero()) continue;
      const amountText = amount.toFixed();
      const guard =
        account.userId !== null && amount.isNegative()
          ? and(eq(ledgerAccounts.id, id), sql`${ledgerAccounts.balance} + ${amountText}::numeric >= 0`)
          : eq(ledgerAccounts.id, id);
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amountText}::numeric`, updatedAt: new Date() })
        .where(guard)
        .returning({ balance: ledgerAccounts.balance });
      if (!row) throw new AppError("INSUFFICIENT_FUNDS", { account: account.kind });
      balances.push({ account, balance: toDecimalString(row.balance) });
    }

    await tx.insert(ledgerEntries).values(
      legs.map((l) => ({
        postingId: posting.id,
        accountId: ids.get(keyOf(l.account)) as number,
        coin: l.account.coin,
        amount: l.amount.toFixed(),
      })),
    );

    let transactionIds: number[] = [];
    if (input.memberTx?.length) {
      const rows = await tx
        .insert(transactions)
        .values(
          input.memberTx.map((m) => ({
            userId: m.userId,
            type: m.type,
            coinSymbol: m.coinSymbol,
            amount: new D(m.amount).toFixed(),
            postingId: posting.id,
          })),
        )
        .returning({ id: transactions.id });
      transactionIds = rows.map((r) => r.id);
    }

    if (input.audit) {
      await audit(tx, {
        ...input.audit,
        after: input.audit.after ?? { posting: posting.id, kind: input.kind },
      });
    }

    return { postingId: posting.id, replayed: false, balances, transactionIds };
  });
}

type Common = Omit<PostingInput, "legs" | "kind"> & { kind?: string };

/** Coins enter a member account from a system account (a deposit, an airdrop, a reward). */
export function credit(
  db: DbOrTx,
  args: Common & { userId: number; coin: Coin; amount: Dec | string; to?: MemberKind; from?: SystemKind },
) {
  const amount = new D(args.amount);
  return post(db, {
    ...args,
    kind: args.kind ?? "CREDIT",
    legs: [
      { account: system(args.coin, args.from ?? "external"), amount: amount.neg() },
      { account: member(args.userId, args.coin, args.to ?? "holding"), amount },
    ],
  });
}

/** Coins leave a member account to a system account (a payout, an adjustment, a fee). */
export function debit(
  db: DbOrTx,
  args: Common & { userId: number; coin: Coin; amount: Dec | string; from?: MemberKind; to?: SystemKind },
) {
  const amount = new D(args.amount);
  return post(db, {
    ...args,
    kind: args.kind ?? "DEBIT",
    legs: [
      { account: member(args.userId, args.coin, args.from ?? "holding"), amount: amount.neg() },
      { account: system(args.coin, args.to ?? "external"), amount },
    ],
  });
}

/** Coins move between one member's own accounts (holding → staked, staked → held, held → staked…). */
export function move(
  db: DbOrTx,
  args: Common & { userId: number; coin: Coin; amount: Dec | string; from: MemberKind; to: MemberKind },
) {
  const amount = new D(args.amount);
  return post(db, {
    ...args,
    kind: args.kind ?? "MOVE",
    legs: [
      { account: member(args.userId, args.coin, args.from), amount: amount.neg() },
      { account: member(args.userId, args.coin, args.to), amount },
    ],
  });
}

/** Balances of a member's accounts as decimal strings; missing accounts read "0". */
export async function memberBalances(
  db: DbOrTx,
  userId: number,
  coins?: Coin[],
): Promise<Record<Coin, Record<MemberKind, string>>> {
  const rows = await db
    .select({ coin: ledgerAccounts.coin, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      coins?.length
        ? and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.coin, coins))
        : eq(ledgerAccounts.userId, userId),
    );
  const out = {} as Record<Coin, Record<MemberKind, string>>;
  for (const r of rows) {
    out[r.coin] ??= { holding: "0", staked: "0", held: "0", rewards: "0" };
    out[r.coin][r.kind as MemberKind] = toDecimalString(r.balance);
  }
  return out;
}

/** Use inside a caller's transaction to lock a member's accounts of one coin before reading them. */
export async function lockMemberAccounts(tx: Tx, userId: number, coin: Coin): Promise<void> {
  await ensureAccounts(
    tx,
    MEMBER_KINDS.map((k) => member(userId, coin, k)),
  );
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.coin, coin)))
    .orderBy(ledgerAccounts.id)
    .for("update");
}
