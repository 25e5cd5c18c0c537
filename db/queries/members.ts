/**
 * The admin member list: active members, newest first, searched by handle or name and by phone. DTOs only,
 * never a password hash.
 */
import "server-only";
import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type ProfileDto, profileColumns, toProfileDto } from "@/db/queries/users";
import { users } from "@/db/schema";

export type MemberDto = ProfileDto;
export type MemberListQuery = { search: string; phone: string; page: number; limit: number };

/** `%` and `_` in the search text are literal. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function memberPage(db: DbOrTx, q: MemberListQuery): Promise<{ users: MemberDto[]; total: number }> {
  const where = and(
    eq(users.status, "ACTIVE"),
    q.search ? or(ilike(users.userId, contains(q.search)), ilike(users.name, contains(q.search))) : undefined,
    q.phone ? ilike(users.phone, contains(q.phone)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(profileColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toProfileDto), total: Number(totals[0]?.n ?? 0) };
}
