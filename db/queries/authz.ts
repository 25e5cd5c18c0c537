/**
 * The facts authorization needs about the member an action targets: looked up once per request by
 * lib/auth/guards.ts (never by route handlers). Ownership lookups name the member behind a request or a
 * history row, so "acts on a member" rules also cover the routes keyed by those ids.
 */
import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { idDocuments, type Role, requests, transactions, users } from "@/db/schema";

export type MemberRef = {
  id: number;
  userId: string;
  role: Role;
  status: "ACTIVE" | "DEACTIVATED";
};

const columns = { id: users.id, userId: users.userId, role: users.role, status: users.status };

export async function memberRefById(db: DbOrTx, { id }: { id: number }): Promise<MemberRef | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** By login handle, case-insensitively (handles are unique by lower()). */
export async function memberRefByHandle(db: DbOrTx, { handle }: { handle: string }): Promise<MemberRef | null> {
  const [row] = await db.select(columns).from(users).where(sql`lower(${users.userId}) = lower(${handle})`);
  return row ?? null;
}

/** The member who owns a transfer, withdraw or deposit request. */
export async function requestOwnerId(db: DbOrTx, { id }: { id: number }): Promise<number | null> {
  const [row] = await db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, id));
  return row?.userId ?? null;
}

/** The member whose history row this is. */
export async function transactionOwnerId(db: DbOrTx, { id }: { id: number }): Promise<number | null> {
  const [row] = await db.select({ userId: transactions.userId }).from(transactions).where(eq(transactions.id, id));
  return row?.userId ?? null;
}

/** The member whose stored (not erased) ID image this storage key is. */
export async function idImageOwnerId(db: DbOrTx, { storageKey }: { storageKey: string }): Promise<number | null> {
  const [row] = await db
    .select({ userId: idDocuments.userId })
    .from(idDocuments)
    .where(and(eq(idDocuments.storageKey, storageKey), isNull(idDocuments.erasedAt)));
  return row?.userId ?? null;
}
