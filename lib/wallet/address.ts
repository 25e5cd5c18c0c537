/**
 * Wallet address text `NETWORK|EXCHANGE|ADDRESS` (DESIGN.md): the network one of ours, the exchange on
 * that network's list — or `PERSONAL`, a personal wallet its member proved with a signature
 * (./personal-wallets.ts) — and the address a valid EVM address. Also the transfer fee that the network implies.
 */
import { AppError } from "@/lib/errors";
import { isEvmAddress } from "@/lib/evm-address";
import { exchangeOf, isNetwork, type Network, PERSONAL_EXCHANGE } from "@/lib/exchanges";

export { transferFeeFor } from "./fees";

export type WalletAddress = { network: Network; exchange: string; address: string };

/**
 * Parses and validates; throws 400 INVALID_WALLET with the failing `field`. Returns the canonical text too.
 * `exchangeOn` names an exchange's canonical spelling when it takes deposits on the network (else null): the
 * spec's lists by default; registering an address passes the destinations an administrator manages
 * (lib/destinations/read.ts parsePayoutAddressOrThrow).
 */
export function parseWalletAddrOrThrow(
  text: string,
  exchangeOn: (network: Network, name: string) => string | null = exchangeOf,
): WalletAddress & { text: string } {
  const parts = text.split("|");
  if (parts.length !== 3) throw new AppError("INVALID_WALLET", { field: "walletAddr" });
  const [rawNetwork = "", rawExchange = "", rawAddress = ""] = parts.map((p) => p.trim());
  if (!rawNetwork || !rawExchange || !rawAddress) throw new AppError("WALLET_FIELDS_REQUIRED", { field: "walletAddr" });
  const network = rawNetwork.toUpperCase();
  if (!isNetwork(network)) throw new AppError("INVALID_WALLET", { field: "network" });
  const exchange =
    rawExchange.toUpperCase() === PERSONAL_EXCHANGE ? PERSONAL_EXCHANGE : exchangeOn(network, rawExchange);
  if (!exchange) throw new AppError("INVALID_WALLET", { field: "exchange" });
  if (!isEvmAddress(rawAddress)) throw new AppError("INVALID_WALLET", { field: "address" });
  return { network, exchange, address: rawAddress, text: `${network}|${exchange}|${rawAddress}` };
}
