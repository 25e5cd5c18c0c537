/**
 * The Idempotency-Key header (lib/api/idempotency.ts runs work at most once per key; lib/auth/two-factor.ts keys
 * a confirmation with it): printable ASCII, at most 200 characters.
 */
import { AppError } from "@/lib/errors";

const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, validated, or null when absent; 400 VALIDATION for a malformed one. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_SHAPE.test(key)) throw new AppError("VALIDATION", { field: "Idempotency-Key" });
  return key;
}
