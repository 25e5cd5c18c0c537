/** Shared bits of the identity tests (not a test file). */
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "@/db/client";
import * as loginRoute from "@/app/api/login/route";
import { call } from "../support/http";

let ipSeq = 0;
/** A fresh client address per scenario, so one scenario's per-IP counters do not leak into the next. */
export const freshIp = () => {
  ipSeq += 1;
  return `10.${process.pid % 250}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
};

/** The session cookie ("name=value") from a response's Set-Cookie headers, if any. */
export function sessionCookieOf(headers: Headers): string | undefined {
  for (const c of headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair && /session-token=./.test(pair)) return pair;
  }
  return undefined;
}

export async function loginAs(userId: string, password: string, ip = freshIp()) {
  return call(loginRoute, "POST", "/api/login", { body: { userId, password }, headers: { "x-forwarded-for": ip } });
}

export async function countUsers(): Promise<number> {
  const db = await getDb();
  const rows = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from users`));
  return Number(rows[0]?.n ?? 0);
}

export async function auditRows(action: string) {
  const db = await getDb();
  return rowsOf<{
    actor_id: number | null;
    target_user_id: number | null;
    ip: string | null;
    before: any;
    after: any;
    at: Date;
  }>(
    await db.execute(
      sql`select actor_id, target_user_id, ip, before, after, at from audit_log where action = ${action} order by id`,
    ),
  );
}
