/**
 * The one list of exchanges per network (spec §9: Ethereum 16, OP 14, WorldChain 1). The wallet-address
 * validator and the UI (through GET /api/exchanges) both read it. Names are real exchanges that list WLD
 * deposits on that network; WorldChain deposits are taken by Upbit only at the time of writing.
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
