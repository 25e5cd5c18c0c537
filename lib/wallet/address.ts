/**
 * Wallet address text `NETWORK|EXCHANGE|ADDRESS` (DESIGN §1, §5): the network one of ours, the exchange on
 * that network's list, the address a valid EVM address. Also the transfer fee that the network implies.
 */
import { TRANSFER_FEES } from "@/lib/constants";
import { AppError } from "@/lib/errors";
import { isEvmAddress } from "@/lib/evm-address";
import { exchangeOf, isNetwork, type Network } from "@/lib/exchanges";

export type WalletAddress = { network: Network; exchange: string; address: string };

/** Parses and validates; throws 400 INVALID_WALLET with the failing `field`. Returns the canonical text too. */
export function parseWalletAddrOrThrow(text: string): WalletAddress & { text: string } {
  const parts = text.split("|");
  if (parts.length !== 3) throw new AppError("INVALID_WALLET", { field: "walletAddr" });
  const [rawNetwork = "", rawExchange = "", rawAddress = ""] = parts.map((p) => p.trim());
  if (!rawNetwork || !rawExchange || !rawAddress) throw new AppError("REQUIRED_FIELDS", { field: "walletAddr" });
  const network = rawNetwork.toUpperCase();
  if (!isNetwork(network)) throw new AppError("INVALID_WALLET", { field: "network" });
  const exchange = exchangeOf(network, rawExchange);
  if (!exchange) throw new AppError("INVALID_WALLET", { field: "exchange" });
  if (!isEvmAddress(rawAddress)) throw new AppError("INVALID_WALLET", { field: "address" });
  return { network, exchange, address: rawAddress, text: `${network}|${exchange}|${rawAddress}` };
}

/**
 * The transfer fee for a stored wallet address (spec §9): 0.2 for OP and WorldChain (text starting with
 * "op" or "wo"), 1.5 for ERC20, and 0.2 whenever the network cannot be read (old formats included).
 */
export function transferFeeFor(walletAddr: string | null | undefined): string {
  const network = (walletAddr ?? "").split("|")[0]?.trim().toUpperCase() ?? "";
  if (network === "ERC20") return TRANSFER_FEES.ERC20;
  if (network.startsWith("OP")) return TRANSFER_FEES.OP;
  if (network.startsWith("WO")) return TRANSFER_FEES.WORLDCHAIN;
  return TRANSFER_FEES.DEFAULT;
}
