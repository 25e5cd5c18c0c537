/**
 * Transfer arithmetic (fee, minimum, spendable), in decimals only. Table tests: tests/unit/wallet-fees.test.ts.
 */
import { MIN_TRANSFER, TRANSFER_DECIMALS, TRANSFER_FEES } from "@/lib/constants";
import { D, type Dec, floorTo, ZERO } from "@/lib/money";

/** What a member may ask to transfer: staked minus the fee, rounded down to 2 decimals, never below 0. */
export function spendableMax(staked: Dec | string, fee: Dec | string): Dec {
  const s = floorTo(new D(staked).minus(fee), TRANSFER_DECIMALS);
  return s.lte(0) ? ZERO : s;
}

export type TransferCheck =
  | { ok: true; amount: Dec; fee: Dec; total: Dec; spendable: Dec }
  | { ok: false; reason: "BELOW_MINIMUM" | "ABOVE_MAXIMUM"; spendable: Dec };

/** The amount (already parsed, at most 2 decimals) against the minimum and the spendable maximum. */
export function checkTransfer(amount: Dec, staked: Dec | string, fee: Dec | string): TransferCheck {
  const spendable = spendableMax(staked, fee);
  if (amount.lt(MIN_TRANSFER)) return { ok: false, reason: "BELOW_MINIMUM", spendable };
  if (amount.gt(spendable)) return { ok: false, reason: "ABOVE_MAXIMUM", spendable };
  const feeD = new D(fee);
  return { ok: true, amount, fee: feeD, total: amount.plus(feeD), spendable };
}

/**
 * The transfer fee for a stored wallet address: 0.2 for OP and WorldChain (text starting with
 * "op" or "wo"), 1.5 for ERC20, and 0.2 whenever the network cannot be read (old formats included).
 */
export function transferFeeFor(walletAddr: string | null | undefined): string {
  const network = (walletAddr ?? "").split("|")[0]?.trim().toUpperCase() ?? "";
  if (network === "ERC20") return TRANSFER_FEES.ERC20;
  if (network.startsWith("OP")) return TRANSFER_FEES.OP;
  if (network.startsWith("WO")) return TRANSFER_FEES.WORLDCHAIN;
  return TRANSFER_FEES.DEFAULT;
}
