/**
 * Client-side previews of the wallet rules: transfer fee, spendable
 * maximum and amount checks, the swap amount check, and the protected-lock countdown (the daily reward
 * comes computed from the server, staked-coins `dailyReward`). The server enforces every rule again; these only tell the member early.
 * Table tests: tests/unit/member-rules.test.ts.
 */
import { MIN_TRANSFER as MIN_TEXT, TRANSFER_DECIMALS } from "@/lib/constants";
import { D, type Dec } from "@/lib/money";
import { spendableMax, transferFeeFor } from "@/lib/wallet/fees";

export const MIN_TRANSFER = new D(MIN_TEXT);

/** The fee the server will add for this wallet address (lib/wallet/fees.ts, shared with the server). */
export const feeForWallet = (walletAddr: string | null | undefined): Dec => new D(transferFeeFor(walletAddr));

/** Staked minus fee, rounded down to 2 decimals, never below zero. */
export const spendable = (staked: Dec, fee: Dec): Dec => spendableMax(staked, fee);

export type AmountCheck = "ok" | "empty" | "invalid" | "belowMin" | "aboveMax";

const PLAIN_TRANSFER = new RegExp(`^(0|[1-9]\\d{0,15})(\\.\\d{1,${TRANSFER_DECIMALS}})?$`);

/**
 * The entered amount (what should arrive): a plain number with at most TRANSFER_DECIMALS decimals, ≥ MIN_TRANSFER,
 * ≤ `max` (spendable). Without `max` the maximum is left to the server's answer (the transfer page, which sends
 * members without a review straight to the server).
 */
export function checkTransferAmount(text: string, max?: Dec): AmountCheck {
  const v = text.trim();
  if (!v) return "empty";
  if (!PLAIN_TRANSFER.test(v)) return "invalid";
  const d = new D(v);
  if (d.lt(MIN_TRANSFER)) return "belowMin";
  if (max && d.gt(max)) return "aboveMax";
  return "ok";
}

const PLAIN_SWAP = /^(0|[1-9]\d{0,15})(\.\d{1,18})?$/;

/** Swap: above 0 and at most the WLD holding ("over" → 'more than withdrawable coin count'). */
export function swapAmountState(text: string, holding: Dec): "empty" | "invalid" | "over" | "ok" {
  const v = text.trim();
  if (!v) return "empty";
  if (!PLAIN_SWAP.test(v)) return "invalid";
  const d = new D(v);
  if (d.lte(0)) return "invalid";
  if (d.gt(holding)) return "over";
  return "ok";
}

/** Whole seconds until `releaseAt`, floored at zero. */
export function remainingSeconds(releaseAt: string, now: number): number {
  const ms = new Date(releaseAt).getTime() - now;
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
}
