/**
 * The payout proof (SECURITY.md J44): a transaction hash is a payout of a request only when its receipt on the
 * request's network says the transaction succeeded and holds an ERC-20 `Transfer` log of that network's WLD token to
 * the request's registered address for exactly the amount the member receives (× 10^18), sent from the operator's
 * wallet when PAYOUT_WALLET_<NET> names one. Reads only; the caller decides (lib/wallet/payouts.ts, ./confirmations.ts).
 */
import "server-only";
import {
  type Address,
  erc20Abi,
  formatUnits,
  type Hash,
  isAddressEqual,
  parseEventLogs,
  parseUnits,
  TransactionReceiptNotFoundError,
} from "viem";
import { ChainUnavailable, chainClient } from "./client";
import type { ChainSettings } from "./networks";

/** What may differ between a transaction and the payout it was recorded for. */
export type Mismatch = "transaction" | "status" | "token" | "recipient" | "amount" | "sender";

export type Verification =
  /** No receipt: unknown hash, not mined yet, or reorganised away. */
  | { kind: "missing" }
  | { kind: "mismatch"; mismatch: Mismatch[]; detail: string }
  | { kind: "ok"; block: number; confirmations: number };

/**
 * Checks `hash` against what the request pays: `to` and `amount` (decimal text, 18 decimals at most) on the settings'
 * network. Throws ChainUnavailable when the endpoint cannot be read (after the client's retries).
 */
export async function verifyPayout(
  settings: ChainSettings & { rpcUrl: string },
  hash: Hash,
  expected: { to: Address; amount: string },
): Promise<Verification> {
  const client = chainClient(settings.rpcUrl);
  let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (e) {
    if (e instanceof TransactionReceiptNotFoundError) return { kind: "missing" };
    throw new ChainUnavailable(settings.network, e);
  }
  let latest: bigint;
  try {
    latest = await client.getBlockNumber({ cacheTime: 0 });
  } catch (e) {
    throw new ChainUnavailable(settings.network, e);
  }
  if (receipt.status !== "success") return { kind: "mismatch", mismatch: ["status"], detail: "status: reverted" };

  const want = parseUnits(expected.amount, 18);
  const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer", strict: false });
  const ofToken = transfers.filter((l) => isAddressEqual(l.address, settings.token));
  if (ofToken.length === 0)
    return { kind: "mismatch", mismatch: ["token"], detail: `token: no Transfer of ${settings.token}` };

  const mismatch: Mismatch[] = [];
  const details: string[] = [];
  let pool = ofToken.filter((l) => l.args.to && isAddressEqual(l.args.to, expected.to));
  if (pool.length === 0) {
    mismatch.push("recipient");
    details.push(`recipient: ${expected.to} expected, ${ofToken.map((l) => l.args.to).join(", ")} paid`);
    pool = ofToken;
  }
  const exact = pool.filter((l) => l.args.value === want);
  if (exact.length === 0) {
    mismatch.push("amount");
    details.push(
      `amount: ${expected.amount} expected, ${pool.map((l) => formatUnits(l.args.value ?? 0n, 18)).join(", ")} sent`,
    );
  } else pool = exact;
  if (settings.sender) {
    const sender = settings.sender;
    if (!pool.some((l) => l.args.from && isAddressEqual(l.args.from, sender))) {
      mismatch.push("sender");
      details.push(`sender: ${sender} expected, ${pool.map((l) => l.args.from).join(", ")} sent`);
    }
  }
  if (mismatch.length) return { kind: "mismatch", mismatch, detail: details.join("; ") };
  const block = Number(receipt.blockNumber);
  return { kind: "ok", block, confirmations: Math.max(0, Number(latest - receipt.blockNumber) + 1) };
}
