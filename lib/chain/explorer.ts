/**
 * The block explorer page of a payout transaction, per network (members and operators follow it).
 * Client-safe: no environment, no server imports.
 */
const EXPLORER: Record<string, string> = {
  ERC20: "https://etherscan.io/tx/",
  OP: "https://optimistic.etherscan.io/tx/",
  WORLDCHAIN: "https://worldscan.org/tx/",
};

/** The explorer URL of `hash` on `network`; null for an unknown network or a malformed hash. */
export function explorerTxUrl(network: string, hash: string): string | null {
  const base = EXPLORER[network];
  if (!base || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return null;
  return `${base}${hash.toLowerCase()}`;
}
