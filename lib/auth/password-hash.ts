/**
 * Password hashing: argon2id at OWASP's recommended pairing (m = 19 MiB, t = 2, p = 1), on Node's thread pool (never
 * the event loop), at most one hash per core at a time: the pool has four threads, and four 19 MiB hashes on two
 * cores each take longer than two do — the same logins per second, each verify costing more CPU and the main thread
 * losing its cores to them (docs/benchmarks.md).
 */
import os from "node:os";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { createConcurrencyLimit } from "@/lib/concurrency-limit";

const hashes = createConcurrencyLimit(os.availableParallelism());
const hash = (password: string, params: typeof ARGON2_PARAMS) => hashes.run(() => argon2Hash(password, params));
const verify = (stored: string, password: string) => hashes.run(() => argon2Verify(stored, password));

export const ARGON2_PARAMS = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

// A real hash of a random string, verified for unknown users so both paths take the same time.
let dummy: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends one hash's time and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
