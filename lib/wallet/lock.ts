/**
 * The protected-lock release moment: the LOCK_RELEASE_AT variable when set, else the spec's
 * 2025-07-27 18:00 +09:00 (lib/constants.ts). The client reads it from GET /api/config.
 */
import "server-only";
import { LOCK_RELEASE_AT } from "@/lib/constants";
import { env } from "@/lib/env";

export function lockReleaseAt(): string {
  return env().LOCK_RELEASE_AT ?? LOCK_RELEASE_AT;
}
