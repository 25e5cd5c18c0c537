/**
 * Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn with
 * crypto randomness. Uniqueness is the users_ref_code_uq constraint; callers retry on a collision.
 */
import crypto from "node:crypto";

export const REFCODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFCODE_LENGTH = 8;

export function generateRefCode(length = REFCODE_LENGTH): string {
  let out = "";
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % REFCODE_ALPHABET.length);
  while (out.length < length) {
    for (const b of crypto.randomBytes(length * 2)) {
      if (b < limit && out.length < length) out += REFCODE_ALPHABET[b % REFCODE_ALPHABET.length];
    }
  }
  return out;
}

/** A one-time temporary password: 14 characters from the same unambiguous alphabet plus lower case. */
export function generateTemporaryPassword(): string {
  const alphabet = `${REFCODE_ALPHABET}abcdefghjkmnpqrstuvwxyz`;
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < 14) {
    for (const b of crypto.randomBytes(32)) if (b < limit && out.length < 14) out += alphabet[b % alphabet.length];
  }
  return out;
}
