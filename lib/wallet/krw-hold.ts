/**
 * The hold after buying with KRW (SECURITY.md J43; Upbit's anti-voice-phishing rule since 2020): WLD credited by an
 * approved KRW deposit (requests.credited_at, the application clock) cannot leave as crypto for KRW_HOLD_HOURS.
 * Those coins are `recent`; bought coins count as still in holding first, so the part of the protected lock that
 * cannot leave is inLock = max(0, recent − holding) — a swap into the lock carries the hold with it. A transfer or
 * withdrawal passes when amount + fee ≤ staked − inLock.
 * transfer_request_open (db/migrations/0018) judges it under the member's account lock, so parallel requests cannot
 * together take held coins; this module turns its facts into the member's error and the transfer screen's status.
 */
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { D, type Dec, maxDec, toDecimalString } from "@/lib/money";
import { kstMinuteText } from "@/lib/money-cooldown";
import { spendableMax } from "./fees";

export const krwHoldHours = () => env().KRW_HOLD_HOURS;

/** The instant after which a credit is still recent at `at`. */
export const krwHeldSince = (at: Date = now()) => new Date(at.getTime() - krwHoldHours() * 3_600_000);

export type KrwHold = {
  /** WLD credited by KRW deposits in the last KRW_HOLD_HOURS (decimal string). */
  amount: string;
  /** The part of the staked balance that cannot leave: max(0, amount − holding). */
  inLock: string;
  /** ISO: when all of it opens (the newest credit + KRW_HOLD_HOURS); null when nothing is held. */
  releasesAt: string | null;
};

export function krwHoldOf(facts: { recent: string; holding: string; lastCreditAt: Date | null }): KrwHold {
  const recent = new D(facts.recent);
  const held = recent.gte(0) && facts.lastCreditAt;
  return {
    amount: recent.toFixed(),
    inLock: maxDec(recent.minus(facts.holding), 0).toFixed(),
    releasesAt: held ? new Date(facts.lastCreditAt!.getTime() + krwHoldHours() * 3_600_000).toISOString() : null,
  };
}

/**
 * 403 KRW_HOLD from transfer_request_open's facts: `heldAmount` (inLock), `opensAt` (ISO, when this amount could
 * go; the message shows it in KST), `sendable` (the most that can be asked now, fee excluded, 2 decimals).
 */
export function krwHoldError(facts: { heldAmount: string; staked: string; opensAt: string }, fee: Dec): AppError {
  const opensAt = new Date(facts.opensAt);
  return new AppError("KRW_HOLD", {
    heldAmount: toDecimalString(facts.heldAmount),
    opensAt: opensAt.toISOString(),
    // Rounded up to the whole minute, so the time shown is never before the request can go.
    opensAtKst: kstMinuteText(new Date(Math.ceil(opensAt.getTime() / 60_000) * 60_000)),
    sendable: spendableMax(new D(facts.staked).minus(facts.heldAmount), fee).toFixed(2),
    hours: krwHoldHours(),
  });
}
