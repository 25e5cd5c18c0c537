/** Transfer, withdraw and deposit requests and their timelines: reads only (changes live in lib/wallet). */
import "server-only";
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type Coin, type RequestStatus, type RequestType, requestEvents, requests, users } from "@/db/schema";
import { toDecimalString } from "@/lib/money";

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
  createdAt: string;
  updatedAt: string;
};
export type AdminRequestDto = RequestDto & { user: { id: number; userId: string; name: string } };

const columns = {
  id: requests.id,
  userDbId: requests.userId,
  type: requests.type,
  coinSymbol: requests.coinSymbol,
  amount: requests.amount,
  fee: requests.fee,
  total: requests.total,
  krwAmount: requests.krwAmount,
  priceKrw: requests.priceKrw,
  walletAddr: requests.walletAddr,
  status: requests.status,
  reason: requests.reason,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};
type Row = Pick<
  typeof requests.$inferSelect,
  | "id"
  | "type"
  | "coinSymbol"
  | "amount"
  | "fee"
  | "total"
  | "krwAmount"
  | "priceKrw"
  | "walletAddr"
  | "status"
  | "reason"
  | "createdAt"
  | "updatedAt"
>;

export function requestDto(r: Row): RequestDto {
  return {
    id: r.id,
    type: r.type,
    coinSymbol: r.coinSymbol,
    amount: toDecimalString(r.amount),
    fee: toDecimalString(r.fee),
    total: toDecimalString(r.total),
    krwAmount: r.krwAmount === null ? null : toDecimalString(r.krwAmount),
    priceKrw: r.priceKrw === null ? null : toDecimalString(r.priceKrw),
    walletAddr: r.walletAddr,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

type Filter = { status?: RequestStatus; type?: RequestType; page: number; limit: number };

function filters(f: Filter, extra: SQL[] = []) {
  const parts = [...extra];
  if (f.status) parts.push(eq(requests.status, f.status));
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
  return { items: rows.map((r) => requestDto(r)), total: Number(c?.n ?? 0) };
}

export async function adminRequests(db: DbOrTx, f: Filter): Promise<{ items: AdminRequestDto[]; total: number }> {
  const where = filters(f);
  const rows = await db
    .select({ ...columns, handle: users.userId, name: users.name })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(where)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [c] = await db.select({ n: count() }).from(requests).where(where);
  return {
    items: rows.map((r) => ({ ...requestDto(r), user: { id: r.userDbId, userId: r.handle, name: r.name } })),
    total: Number(c?.n ?? 0),
  };
}

export async function requestOwner(db: DbOrTx, id: number): Promise<number | null> {
  const [r] = await db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, id));
  return r?.userId ?? null;
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

/** Does the member have a PENDING request of this coin and type? (the same rule as the unique index) */
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
      ),
    );
  return rows.length > 0;
}
