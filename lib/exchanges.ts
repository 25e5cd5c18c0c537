/**
 * The networks, and the spec's lists of exchanges per network (Ethereum 16, OP 14, WorldChain 1): the
 * reference the `destinations` table was seeded from (db/migrations/0017) and the names the wallet-address
 * parser knows. Which of them a member may send to is data an administrator manages (lib/destinations): GET
 * /api/exchanges answers the allowed ones from the table. Names are real exchanges that list WLD deposits on that
 * network; WorldChain deposits are taken by Upbit only at the time of writing.
 */
export const NETWORKS = ["ERC20", "OP", "WORLDCHAIN"] as const;
export type Network = (typeof NETWORKS)[number];

export const EXCHANGES: Record<Network, readonly string[]> = {
  ERC20: [
    "Binance",
    "Upbit",
    "Bithumb",
    "Coinone",
    "Korbit",
    "OKX",
    "Bybit",
    "Coinbase",
    "Kraken",
    "KuCoin",
    "Gate.io",
    "Bitget",
    "MEXC",
    "HTX",
    "Crypto.com",
    "Bitfinex",
  ],
  OP: [
    "Binance",
    "Upbit",
    "Bithumb",
    "Coinone",
    "OKX",
    "Bybit",
    "Coinbase",
    "KuCoin",
    "Gate.io",
    "Bitget",
    "MEXC",
    "HTX",
    "Crypto.com",
    "Kraken",
  ],
  WORLDCHAIN: ["Upbit"],
};

export const isNetwork = (v: string): v is Network => (NETWORKS as readonly string[]).includes(v);

/** The exchange's canonical name when it belongs to the network (case-insensitive), else null. */
export function exchangeOf(network: Network, name: string): string | null {
  const wanted = name.trim().toLowerCase();
  return EXCHANGES[network].find((e) => e.toLowerCase() === wanted) ?? null;
}

/** The exchange segment of a personal wallet's address (`NETWORK|PERSONAL|0x…`): a member's own wallet, no destination. */
export const PERSONAL_EXCHANGE = "PERSONAL";
