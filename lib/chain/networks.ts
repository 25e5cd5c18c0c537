/**
 * Each payout network's chain settings: the RPC endpoint (optional: without one, payouts are recorded
 * unverified, 확인 불가, and never reach PAID), the WLD token contract, the optional operator wallet the Transfer must
 * come from, and the confirmations before PAID. The ERC20 network is Ethereum mainnet (RPC_URL_ETHEREUM…).
 */
import type { Address } from "viem";
import { env } from "@/lib/env";
import { isNetwork, type Network } from "@/lib/exchanges";

export type ChainSettings = {
  network: Network;
  rpcUrl: string | null;
  token: Address;
  sender: Address | null;
  confirmations: number;
};

/** The environment's name of each network (RPC_URL_<NET>, WLD_TOKEN_<NET>, …). */
export const ENV_NAME: Record<Network, "ETHEREUM" | "OP" | "WORLDCHAIN"> = {
  ERC20: "ETHEREUM",
  OP: "OP",
  WORLDCHAIN: "WORLDCHAIN",
};

export function chainSettings(network: Network): ChainSettings {
  const e = env();
  const n = ENV_NAME[network];
  return {
    network,
    rpcUrl: e[`RPC_URL_${n}`] ?? null,
    token: e[`WLD_TOKEN_${n}`] as Address,
    sender: (e[`PAYOUT_WALLET_${n}`] as Address | undefined) ?? null,
    confirmations: e[`PAYOUT_CONFIRMATIONS_${n}`],
  };
}

/** A request's payout target from its wallet text `NETWORK|EXCHANGE|0xADDRESS`; null when it names none. */
export function payoutTarget(walletAddr: string | null): { network: Network; address: Address } | null {
  const [network = "", , address = ""] = (walletAddr ?? "").split("|").map((p) => p.trim());
  const net = network.toUpperCase();
  if (!isNetwork(net) || !/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  return { network: net, address: address as Address };
}
