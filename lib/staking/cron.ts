/**
 * POST /api/cron/accrue's authorization and work. Authorization: `Authorization: Bearer $CRON_SECRET`, compared in constant
 * time. With CRON_SECRET unset the endpoint does not exist (404).
 */
import crypto from "node:crypto";
import { getDb } from "@/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { accrueRewards, dayRunAnswer } from "./run";

export function requireCronSecret(req: Request): void {
  const secret = env().CRON_SECRET;
  if (!secret) throw new AppError("NOT_FOUND");
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer (.+)$/i.exec(header.trim());
  // Compare fixed-length digests so neither the content nor the length of the secret leaks by timing.
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  if (!match?.[1] || !crypto.timingSafeEqual(digest(match[1]), digest(secret))) throw new AppError("UNAUTHENTICATED");
}

/**
 * The cron call's work: `date`, or every ended day not yet paid (a paid day is never paid again: with a `date`
 * already paid the answer says `alreadyPaid: true` and the day's recorded `finishedAt`, run.ts dayRunAnswer).
 */
export async function accrueFromCron(date?: string) {
  const db = await getDb();
  return dayRunAnswer(db, date, await accrueRewards(db, { date }));
}
