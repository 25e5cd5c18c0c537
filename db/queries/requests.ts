/**
 * Transfer, withdraw and deposit requests and their timelines: reads only (changes live in lib/wallet).
 * A PENDING deposit whose quote has run out reads EXPIRED here even before lib/wallet/requests.ts
 * expireStaleQuotes (lazily, or the periodic sweep) has written it, so nobody is shown a dead quote as pending.
 * A deposit whose approval waits for a second administrator (a `deposit` proposal PENDING and not expired at `at`,
 * the application clock the caller passes) says so.
 */
import "server-only";
import { and, asc, type Column, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { heldRequestIds } from "./fraud";
import { type Coin, type RequestStatus, type RequestType, requestEvents, requests, users } from "@/db/schema";

export type RequestDto = {
  id: number;
  type: RequestType;
  coinSymbol: Coin;
  amount: string;
  fee: string;
  total: string;
  krwAmount: string | null;
  priceKrw: string | null;
  walletAddr: string | null;
  status: RequestStatus;
  reason: string | null;
  /** Deposits: until when the quoted price holds (null for transfers/withdrawals). */
  quoteExpiresAt: string | null;
  /** A deposit approved by one administrator, waiting for a second one's approval (승인 대기). */
  awaitingApproval: boolean;
  /** A transfer/withdrawal held by an open fraud case (심사 중, no accusation): decided before any approval. */
  underReview: boolean;
  /** KRW deposits: what the bank transfer carries and what the bank confirmed; null for the others. */
  deposit: DepositProofDto | null;
  /** Transfers and withdrawals: the payout on chain, once the operator recorded its hash; else null. */
  payout: PayoutProofDto | null;
  createdAt: string;
  updatedAt: string;
};

export type DepositProofDto = {
  /** The name the member's bank transfer must carry (입금자명); null for deposits made before migration 0020. */
  depositorName: string | null;
  /** The KRW the statement line (or an administrator's approval naming it) confirmed arrived (입금 확인). */
  krwReceived: string | null;
  confirmedAt: string | null;
  /** The bank statement line that paid it, when one did. */
  bankLineId: number | null;
};

export type PayoutProofDto = {
  txHash: string;
  /** The network of the request's address (ERC20, OP, WORLDCHAIN), for the block explorer's link. */
  network: string;
  /** VERIFIED against the network's RPC, or UNVERIFIED: no RPC endpoint is configured (확인 불가). */
  check: "VERIFIED" | "UNVERIFIED";
  block: number | null;
  recordedAt: string;
  paidAt: string | null;
};

/** The status as it stands now: a PENDING deposit past its quote's end is EXPIRED. */
const effectiveStatus = sql<RequestStatus>`(CASE WHEN ${requests.status} = 'PENDING' AND ${requests.quoteExpiresAt} <= now()
  THEN 'EXPIRED'::request_status ELSE ${requests.status} END)`;
/** Decimal text without trailing zeros ("12.5"), as every answer carries amounts. */
const decimal = (c: Column) => sql<string>`trim_scale(${c})::text`;

const columns = {
  id: requests.id,
  type: requests.type,
  coinSymbol: requests.coinSymbol,
  amount: decimal(requests.amount),
  fee: decimal(requests.fee),
  total: decimal(requests.total),
  krwAmount: sql<string | null>`trim_scale(${requests.krwAmount})::text`,
  priceKrw: sql<string | null>`trim_scale(${requests.priceKrw})::text`,
  walletAddr: requests.walletAddr,
  status: effectiveStatus,
  reason: requests.reason,
  quoteExpiresAt: requests.quoteExpiresAt,
  depositorName: requests.depositorName,
  bankLineId: requests.bankLineId,
  krwReceived: sql<string | null>`trim_scale(${requests.krwReceived})::text`,
  krwConfirmedAt: requests.krwConfirmedAt,
  payoutTxHash: requests.payoutTxHash,
  payoutCheck: requests.payoutCheck,
  payoutBlock: requests.payoutBlock,
  payoutRecordedAt: requests.payoutRecordedAt,
  paidAt: requests.paidAt,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};
type Row = Omit<
  RequestDto,
  "quoteExpiresAt" | "awaitingApproval" | "underReview" | "deposit" | "payout" | "createdAt" | "updatedAt"
> & {
  quoteExpiresAt: Date | null;
  depositorName: string | null;
  bankLineId: number | null;
  krwReceived: string | null;
  krwConfirmedAt: Date | null;
  payoutTxHash: string | null;
  payoutCheck: "VERIFIED" | "UNVERIFIED" | null;
  payoutBlock: number | null;
  payoutRecordedAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const depositProof = (r: Row): DepositProofDto | null =>
  r.type !== "DEPOSIT"
    ? null
    : {
        depositorName: r.depositorName,
        krwReceived: r.krwReceived,
        confirmedAt: r.krwConfirmedAt?.toISOString() ?? null,
        bankLineId: r.bankLineId,
      };

const payoutProof = (r: Row): PayoutProofDto | null =>
  r.type === "DEPOSIT" || !r.payoutTxHash
    ? null
    : {
        txHash: r.payoutTxHash,
        network: (r.walletAddr ?? "").split("|")[0] ?? "",
        check: r.payoutCheck ?? "UNVERIFIED",
        block: r.payoutBlock,
        recordedAt: (r.payoutRecordedAt ?? r.updatedAt).toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
      };

const requestDto = (r: Row, pending: Map<number, number>, held: Set<number>): RequestDto => ({
  id: r.id,
  type: r.type,
  coinSymbol: r.coinSymbol,
  amount: r.amount,
  fee: r.fee,
  total: r.total,
  krwAmount: r.krwAmount,
  priceKrw: r.priceKrw,
  walletAddr: r.walletAddr,
  status: r.status,
  reason: r.reason,
  quoteExpiresAt: r.quoteExpiresAt?.toISOString() ?? null,
  awaitingApproval: pending.has(r.id),
  underReview: held.has(r.id),
  deposit: depositProof(r),
  payout: payoutProof(r),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The `deposit` proposals waiting for a second administrator (PENDING, not expired at `at`) among these requests,
 * while the request is undecided: request id → proposal id. At most one per request (lib/wallet/request-decisions.ts
 * proposes none while one waits).
 */
export async function pendingDepositProposals(
  db: DbOrTx,
  { requestIds, at }: { requestIds: number[]; at: Date },
): Promise<Map<number, number>> {
  if (requestIds.length === 0) return new Map();
  // The literal kind and status let the planner use the partial index proposals_pending_deposit_idx.
  const rows = rowsOf<{ request_id: string; id: string }>(
    await db.execute(sql`
      SELECT r.id::text AS request_id, p.id::text AS id
      FROM proposals p JOIN requests r ON r.id = (p.payload->>'requestId')::bigint
      WHERE p.kind = 'deposit' AND p.status = 'PENDING' AND p.expires_at > ${at.toISOString()}::timestamptz
        AND r.status IN ('PENDING', 'EXPIRED')
        AND (p.payload->>'requestId')::bigint IN (${sql.join(
          requestIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
  );
  return new Map(rows.map((r) => [Number(r.request_id), Number(r.id)]));
}

const depositIds = (rows: { id: number; type: RequestType }[]) =>
  rows.filter((r) => r.type === "DEPOSIT").map((r) => r.id);
/** The PENDING transfers/withdrawals among `rows`: only these can be held by a fraud case (./fraud.ts). */
const heldIds = (rows: { id: number; type: RequestType; status: RequestStatus }[]) =>
  rows.filter((r) => r.type !== "DEPOSIT" && r.status === "PENDING").map((r) => r.id);

/** One request as its owner or an administrator sees it at `at`, or null. */
export async function requestById(db: DbOrTx, { id, at }: { id: number; at: Date }): Promise<RequestDto | null> {
  const [r] = await db.select(columns).from(requests).where(eq(requests.id, id));
  return r
    ? requestDto(
        r,
        await pendingDepositProposals(db, { requestIds: depositIds([r]), at }),
        await heldRequestIds(db, heldIds([r])),
      )
    : null;
}

type Filter = { status?: RequestStatus; type?: RequestType; page: number; limit: number; at: Date };

function filters(f: Filter, extra: SQL[] = []) {
  const parts = [...extra];
  if (f.status) parts.push(sql`${effectiveStatus} = ${f.status}::request_status`);
  if (f.type) parts.push(eq(requests.type, f.type));
  return parts.length ? and(...parts) : undefined;
}

export async function memberRequests(db: DbOrTx, { userId, ...f }: Filter & { userId: number }) {
  const where = filters(f, [eq(requests.userId, userId)]);
  const rows = await db
    .select(columns)
    .from(requests)
    .where(where)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [c] = await db.select({ n: count() }).from(requests).where(where);
  const pending = await pendingDepositProposals(db, { requestIds: depositIds(rows), at: f.at });
  const held = await heldRequestIds(db, heldIds(rows));
  return { items: rows.map((r) => requestDto(r, pending, held)), total: Number(c?.n ?? 0) };
}

export type TimelineEventDto = {
  status: RequestStatus;
  /** Who made the change: the member, an administrator, or the system. */
  by: "MEMBER" | "ADMIN" | "SYSTEM";
  /** The actor's login handle; shown to administrators only (null for members). */
  actorUserId: string | null;
  reason: string | null;
  createdAt: string;
};

export async function requestTimeline(
  db: DbOrTx,
  { requestId, ownerId, forAdmin }: { requestId: number; ownerId: number; forAdmin: boolean },
): Promise<TimelineEventDto[]> {
  const rows = await db
    .select({
      status: requestEvents.status,
      actorId: requestEvents.actorId,
      handle: users.userId,
      reason: requestEvents.reason,
      createdAt: requestEvents.createdAt,
    })
    .from(requestEvents)
    .leftJoin(users, eq(users.id, requestEvents.actorId))
    .where(eq(requestEvents.requestId, requestId))
    .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id));
  return rows.map((r) => ({
    status: r.status,
    by: r.actorId === null ? "SYSTEM" : r.actorId === ownerId ? "MEMBER" : "ADMIN",
    actorUserId: forAdmin ? (r.handle ?? null) : null,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Does the member have a PENDING request of this coin and type? (the unique index's rule; a run-out quote is not pending) */
export async function hasPending(
  db: DbOrTx,
  { userId, coin, type }: { userId: number; coin: Coin; type: RequestType },
) {
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.userId, userId),
        eq(requests.coinSymbol, coin),
        eq(requests.type, type),
        eq(requests.status, "PENDING"),
        or(sql`${requests.quoteExpiresAt} IS NULL`, sql`${requests.quoteExpiresAt} > now()`),
      ),
    );
  return rows.length > 0;
}
