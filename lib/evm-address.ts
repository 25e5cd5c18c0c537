/**
 * EVM address checks: `0x` + 40 hex digits; when the hex mixes upper and lower case it must be the
 * EIP-55 checksum (keccak-256 from @noble/hashes, not hand-rolled).
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 checksummed form of a well-shaped address. */
export function toChecksumAddress(address: string): string {
  if (!SHAPE.test(address)) throw new Error("not an EVM address");
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const c = lower[i] as string;
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** True for `0x` + 40 hex when all-lower, all-upper, or a correct EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  if (!SHAPE.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}
