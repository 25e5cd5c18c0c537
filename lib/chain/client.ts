/**
 * A viem public client per RPC endpoint, with a deadline per call and a few retries: the payout proof and
 * the confirmations job read receipts through it. An endpoint that does not answer in time surfaces as
 * ChainUnavailable (the route answers 503 CHAIN_UNAVAILABLE and changes nothing).
 */
import "server-only";
import { createPublicClient, http, type PublicClient } from "viem";

/** One call's deadline and the retries after it (with a short backoff). */
export const RPC_TIMEOUT_MS = 5_000;
export const RPC_RETRIES = 2;

const clients = new Map<string, PublicClient>();

export function chainClient(rpcUrl: string): PublicClient {
  let c = clients.get(rpcUrl);
  if (!c) {
    c = createPublicClient({
      transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: RPC_RETRIES, retryDelay: 250 }),
    }) as PublicClient;
    clients.set(rpcUrl, c);
  }
  return c;
}

/** The network's endpoint could not be read (down, too slow, or answering errors). */
export class ChainUnavailable extends Error {
  constructor(
    readonly network: string,
    cause?: unknown,
  ) {
    super(`chain ${network} unavailable`, { cause });
    this.name = "ChainUnavailable";
  }
}
