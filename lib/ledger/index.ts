/**
 * The ledger: the only code that changes balances.
 *
 * Every movement is one posting of balanced entries (they sum to zero per coin), written in one
 * database transaction together with the balances it changes. Balances change by guarded relative
 * updates taken in account-id order (no read-check-write, no deadlocks), and a CHECK constraint keeps
 * member accounts from ever going below zero. An idempotency key makes a posting apply at most once.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf, type Tx } from "@/db/client";
import { statement } from "@/db/statement";
import { type AccountKind, type Coin, ledgerAccounts, type TxType } from "@/db/schema";
import { type AuditEvent, auditRecord } from "@/lib/audit";
import { AppError, databaseError } from "@/lib/errors";
import { countPosting } from "@/lib/metrics";
import { COIN_DECIMALS, D, type Dec, decimalPlaces, toDecimalString } from "@/lib/money";

export const MEMBER_KINDS = ["holding", "staked", "held", "rewards"] as const;
export const SYSTEM_KINDS = ["external", "fees", "airdrop", "rewards_pool", "adjustments", "payouts"] as const;
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

function assertBalanced(legs: { account: AccountRef; amount: Dec }[]) {
  if (legs.length < 2) throw new Error("ledger: a posting needs at least two legs");
  const sums = new Map<Coin, Dec>();
  for (const leg of legs) {
    if (leg.amount.eq(0)) throw new Error("ledger: zero leg");
    if (decimalPlaces(leg.amount) > COIN_DECIMALS) throw new Error("ledger: more decimals than the coin has");
    const isMember = leg.account.userId !== null;
    if (isMember !== (MEMBER_KINDS as readonly string[]).includes(leg.account.kind))
      throw new Error(`ledger: account kind ${leg.account.kind} does not fit its owner`);
    sums.set(leg.account.coin, (sums.get(leg.account.coin) ?? new D(0)).plus(leg.amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.eq(0)) throw new Error(`ledger: posting does not balance for ${coin} (${sum.toFixed()})`);
  }
}

/** Creates a member's missing accounts of one coin (ledger_post creates the accounts of a posting itself). */
async function createMemberAccounts(tx: DbOrTx, userId: number, coin: Coin): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(MEMBER_KINDS.map((kind) => ({ userId, coin, kind: kind as AccountKind })))
    .onConflictDoNothing();
}

type PostedJson = {
  posting_id: number;
  replayed: boolean;
  balances: { u: number | null; c: Coin; k: AccountKind; b: string }[];
  transaction_ids: number[];
};

/** The ledger function's refusals (SQLSTATE WL001/WL002, migration 0004) as the application's errors. */
function ledgerRefusal(e: unknown): AppError | null {
  const err = databaseError(e, "WL001", "WL002");
  if (err?.code === "WL001") return new AppError("INSUFFICIENT_FUNDS", { account: err.detail ?? "" });
  if (err?.code === "WL002") return new AppError("IDEMPOTENCY_MISMATCH");
  return null;
}

/**
 * Applies one balanced posting in ONE statement: the SQL function ledger_post (db/migrations/0004) checks
 * the legs again (balanced per coin, non-zero, 18 decimals), applies the idempotency key at most once,
 * finds or creates the accounts, locks them in id order, moves the balances by guarded relative updates
 * (a member account never below zero) and writes the entries, the member's history rows and the audit row.
 * Outside a transaction that statement is its own transaction; inside the caller's it joins it (no
 * savepoint: a refusal aborts the caller's transaction, which then rolls back as a whole).
 */
export async function post(db: DbOrTx, input: PostingInput): Promise<PostingResult> {
  const legs = input.legs.map((l) => ({ account: l.account, amount: new D(l.amount) }));
  assertBalanced(legs);
  const legsJson = JSON.stringify(
    legs.map((l) => ({ u: l.account.userId, c: l.account.coin, k: l.account.kind, a: l.amount.toFixed() })),
  );
  const memberTx = input.memberTx?.length
    ? JSON.stringify(
        input.memberTx.map((m) => ({ u: m.userId, t: m.type, c: m.coinSymbol, a: new D(m.amount).toFixed() })),
      )
    : null;
  const auditJson = input.audit ? JSON.stringify(auditRecord(input.audit)) : null;
  let text: string;
  try {
    const rows = rowsOf<{ r: string }>(
      await db.execute(sql`SELECT ledger_post(
        ${input.kind}::text, ${input.idempotencyKey ?? null}::text, ${input.requestHash ?? null}::text,
        ${input.actorId ?? null}::integer, ${input.memo ?? null}::text,
        ${legsJson}::jsonb, ${memberTx}::jsonb, ${auditJson}::jsonb)::text AS r`),
    );
    text = rows[0]!.r;
  } catch (e) {
    throw ledgerRefusal(e) ?? e;
  }
  const out = JSON.parse(text) as PostedJson;
  countPosting(input.kind, out.replayed);
  return {
    postingId: Number(out.posting_id),
    replayed: out.replayed,
    balances: out.balances.map((b) => ({
      account: { userId: b.u, coin: b.c, kind: b.k } as AccountRef,
      balance: toDecimalString(b.b),
    })),
    transactionIds: out.transaction_ids.map(Number),
  };
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

type BalanceRow = { coin: Coin; kind: string; balance: string };
const BALANCES_SQL = sql.raw(
  "SELECT coin::text AS coin, kind::text AS kind, balance::text AS balance FROM ledger_accounts",
);
const allBalances = statement<{ userId: number }, BalanceRow>((v) => sql`${BALANCES_SQL} WHERE user_id = ${v.userId}`);

/** Balances of a member's accounts as decimal strings; missing accounts read "0". */
export async function memberBalances(
  db: DbOrTx,
  userId: number,
  coins?: Coin[],
): Promise<Record<Coin, Record<MemberKind, string>>> {
  // A plain statement rather than the query builder: this runs on every balance read (the coins route, the
  // member pages); every coin's balances, the common case, built once (db/statement.ts).
  const rows = coins?.length
    ? rowsOf<BalanceRow>(
        await db.execute(
          sql`${BALANCES_SQL} WHERE user_id = ${userId} AND coin::text IN (${sql.join(
            coins.map((c) => sql`${c}`),
            sql`, `,
          )})`,
        ),
      )
    : await allBalances({ userId }, db);
  const out = {} as Record<Coin, Record<MemberKind, string>>;
  for (const r of rows) {
    out[r.coin] ??= { holding: "0", staked: "0", held: "0", rewards: "0" };
    out[r.coin][r.kind as MemberKind] = toDecimalString(r.balance);
  }
  return out;
}

/**
 * Use inside a caller's transaction to lock a member's accounts of one coin (FOR UPDATE, in id order) before
 * reading them; answers their balances as read under the lock. One statement when the accounts exist (the
 * missing ones are created first otherwise).
 */
export async function memberAccountsForUpdate(tx: Tx, userId: number, coin: Coin): Promise<Record<MemberKind, string>> {
  const lock = async () =>
    rowsOf<{ kind: MemberKind; balance: string }>(
      await tx.execute(sql`
        SELECT kind::text AS kind, balance::text AS balance FROM ledger_accounts
        WHERE user_id = ${userId}::integer AND coin = ${coin}::coin ORDER BY id FOR UPDATE`),
    );
  let rows = await lock();
  if (rows.length < MEMBER_KINDS.length) {
    await createMemberAccounts(tx, userId, coin);
    rows = await lock();
  }
  const out: Record<MemberKind, string> = { holding: "0", staked: "0", held: "0", rewards: "0" };
  for (const r of rows) out[r.kind] = toDecimalString(r.balance);
  return out;
}
