/**
 * Client-side preview of the transfer rules (spec §5, §9; DESIGN.md §5). The server enforces
 * them again (lib/wallet); this only tells the member before they submit.
 */
import { MIN_TRANSFER as MIN_TEXT, TRANSFER_FEES } from "@/lib/constants";
import { D, type Dec } from "@/lib/money";
import { spendableMax } from "@/lib/wallet/fees";

export const MIN_TRANSFER = new D(MIN_TEXT);

/** Mirrors lib/wallet/address.ts transferFeeFor (kept out of the browser bundle: it pulls in AppError). */
export function feeForWallet(walletAddr: string | null | undefined): Dec {
  const network = (walletAddr ?? "").split("|")[0]?.trim().toUpperCase() ?? "";
  if (network === "ERC20") return new D(TRANSFER_FEES.ERC20);
  if (network.startsWith("OP")) return new D(TRANSFER_FEES.OP);
  if (network.startsWith("WO")) return new D(TRANSFER_FEES.WORLDCHAIN);
  return new D(TRANSFER_FEES.DEFAULT);
}

/** Staked minus fee, rounded down to 2 decimals, never below zero. */
export const spendable = (staked: Dec, fee: Dec): Dec => spendableMax(staked, fee);

export type AmountCheck = "ok" | "empty" | "invalid" | "belowMin" | "aboveMax";

/** The entered amount (what should arrive): a plain number with at most 2 decimals, ≥ 5, ≤ spendable. */
export function checkTransferAmount(text: string, max: Dec): AmountCheck {
  const v = text.trim();
  if (!v) return "empty";
  if (!/^(0|[1-9]\d{0,15})(\.\d{1,2})?$/.test(v)) return "invalid";
  const d = new D(v);
  if (d.lt(MIN_TRANSFER)) return "belowMin";
  if (d.gt(max)) return "aboveMax";
  return "ok";
}
