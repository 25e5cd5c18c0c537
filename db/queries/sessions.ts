/**
 * The member's own login sessions (the device list). The owner is a required parameter and is in every
 * WHERE; the raw session id never leaves lib/ (it names the session in the cookie).
 */
import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { sessions } from "@/db/schema";

export type LiveSessionRow = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
};

/**
 * The member's live sessions, most recently seen first: not revoked, within their absolute lifetime and
 * seen within `idleSec` (the member's idle timeout, lib/auth/session.ts). Reads sessions_user_idx.
 */
export async function liveSessions(db: DbOrTx, q: { userId: number; idleSec: number }): Promise<LiveSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, q.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${Math.trunc(q.idleSec)})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}
