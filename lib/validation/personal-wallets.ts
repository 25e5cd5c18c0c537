/**
 * Input schemas of the personal-wallet proof (lib/wallet/personal-wallets.ts): the address to prove on its
 * network, then the nonce of the message the member signed and the signature (hex, as wallets give it; whether it
 * is a signature at all is the verifier's question, so a malformed one is INVALID_SIGNATURE, never a 500).
 */
import { z } from "zod";
import { isEvmAddress } from "@/lib/evm-address";
import { isNetwork } from "@/lib/exchanges";

export const personalWalletChallengeSchema = z.object({
  network: z
    .string({ message: "WALLET_FIELDS_REQUIRED" })
    .trim()
    .min(1, "WALLET_FIELDS_REQUIRED")
    .transform((s) => s.toUpperCase())
    .refine(isNetwork, "INVALID_WALLET"),
  address: z
    .string({ message: "WALLET_FIELDS_REQUIRED" })
    .trim()
    .min(1, "WALLET_FIELDS_REQUIRED")
    .refine(isEvmAddress, "INVALID_WALLET"),
});

export const personalWalletVerifySchema = z.object({
  nonce: z.string({ message: "VALIDATION" }).trim().min(1, "VALIDATION").max(100, "INVALID_SIGNATURE"),
  signature: z
    .string({ message: "INVALID_SIGNATURE" })
    .trim()
    .regex(/^0x[0-9a-fA-F]{2,1000}$/, "INVALID_SIGNATURE"),
});
