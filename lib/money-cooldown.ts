/**
 * Money cool-down: for 24 hours after a change of the member's security details — their
 * password change, an administrator's password reset, a 2FA reset, an administrator's wallet-address reset, and
 * setting a payout address (the first one included: it is where the money goes) — new transfer and withdraw
 * requests are refused with 403 COOLDOWN and the moment they open again. Someone who took over an account cannot
 * change its credentials or its payout address and empty it in the same sitting.
 *
 * The moment is `users.money_cooldown_until`, set in the same transaction as the change that starts it, from
 * the application clock (lib/clock.ts) so tests can move past it. A later start never shortens a running one.
 * lib/auth (credentials), lib/account (an unfreeze) and lib/wallet (a payout address) start it and lib/wallet
 * enforces it, so it sits below all three.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export const COOLDOWN_MS = 24 * 3_600_000;

/** What started a cool-down (kept for the caller's audit and for readers; the column holds only the end). */
export type CooldownReason =
  | "PASSWORD_CHANGE"
  | "PASSWORD_RESET"
  | "TWO_FACTOR_RESET"
  | "WALLET_RESET"
  | "WALLET_SET"
  /** The account was unfrozen (lib/account/freeze.ts): whoever froze it may have had reason to. */
  | "UNFREEZE";

/** How long a reason holds: 24 hours, the first payout address FIRST_ADDRESS_COOLDOWN_HOURS (24 by default). */
const lengthOf = (reason: CooldownReason) =>
  reason === "WALLET_SET" ? env().FIRST_ADDRESS_COOLDOWN_HOURS * 3_600_000 : COOLDOWN_MS;

/**
 * Starts (or extends) the member's cool-down to now + 24 hours inside the caller's transaction; answers its end.
 * `reason` sets the length (lengthOf); it is not stored.
 */
export async function startCooldown(tx: DbOrTx, userId: number, reason: CooldownReason): Promise<Date> {
  const length = lengthOf(reason);
  if (length === 0) return now();
  // Rounded up to the whole minute, so the time shown ("14:31 KST") is when requests really open again.
  const until = new Date(Math.ceil((now().getTime() + length) / 60_000) * 60_000);
  await tx
    .update(users)
    .set({ moneyCooldownUntil: sql`GREATEST(${users.moneyCooldownUntil}, ${until.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
  return until;
}

/** The end of a cool-down still running at the application clock's now, else null. */
export function activeCooldown(until: Date | string | null | undefined, at: Date = now()): Date | null {
  if (!until) return null;
  const end = until instanceof Date ? until : new Date(until);
  return end.getTime() > at.getTime() ? end : null;
}

/** "2031-01-02 14:30 KST": the same text in both languages (the error message and the screen's fallback). */
export function kstMinuteText(at: Date): string {
  const kst = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return `${kst.slice(0, 10)} ${kst.slice(11, 16)} KST`;
}

/** 403 COOLDOWN with `opensAt` (ISO) and the KST time in the member's language's message. */
export function cooldownError(until: Date): AppError {
  return new AppError("COOLDOWN", { opensAt: until.toISOString(), opensAtKst: kstMinuteText(until) });
}
