/**
 * Wallet address text `NETWORK|EXCHANGE|ADDRESS` (DESIGN §1, §5): the network one of ours, the exchange on
 * that network's list, the address a valid EVM address. Also the transfer fee that the network implies.
 */
import { AppError } from "@/lib/errors";
import { isEvmAddress } from "@/lib/evm-address";
import { exchangeOf, isNetwork, type Network } from "@/lib/exchanges";

export { transferFeeFor } from "./fees";

export type WalletAddress = { network: Network; exchange: string; address: string };

/** Parses and validates; throws 400 INVALID_WALLET with the failing `field`. Returns the canonical text too. */
export function parseWalletAddrOrThrow(text: string): WalletAddress & { text: string } {
  const parts = text.split("|");
  if (parts.length !== 3) throw new AppError("INVALID_WALLET", { field: "walletAddr" });
  const [rawNetwork = "", rawExchange = "", rawAddress = ""] = parts.map((p) => p.trim());
  if (!rawNetwork || !rawExchange || !rawAddress) throw new AppError("WALLET_FIELDS_REQUIRED", { field: "walletAddr" });
  const network = rawNetwork.toUpperCase();
  if (!isNetwork(network)) throw new AppError("INVALID_WALLET", { field: "network" });
  const exchange = exchangeOf(network, rawExchange);
  if (!exchange) throw new AppError("INVALID_WALLET", { field: "exchange" });
  if (!isEvmAddress(rawAddress)) throw new AppError("INVALID_WALLET", { field: "address" });
  return { network, exchange, address: rawAddress, text: `${network}|${exchange}|${rawAddress}` };
}
