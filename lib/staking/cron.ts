/**
 * Authorization of POST /api/cron/accrue: `Authorization: Bearer $CRON_SECRET`, compared in constant
 * time. With CRON_SECRET unset the endpoint does not exist (404).
 */
import crypto from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export function requireCronSecret(req: Request): void {
  const secret = env().CRON_SECRET;
  if (!secret) throw new AppError("NOT_FOUND");
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer (.+)$/i.exec(header.trim());
  // Compare fixed-length digests so neither the content nor the length of the secret leaks by timing.
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  if (!match?.[1] || !crypto.timingSafeEqual(digest(match[1]), digest(secret))) throw new AppError("UNAUTHENTICATED");
}
