/**
 * Background jobs started once per server process. Each job must be safe to run on several
 * instances at once (advisory locks, unique keys).
 */
import { env } from "@/lib/env";

const started = Symbol.for("wld.jobs.started");

export function startJobs(): void {
  const g = globalThis as typeof globalThis & { [started]?: boolean };
  if (g[started] || env().WLD_DISABLE_JOBS === "1") return;
  g[started] = true;
  // Jobs register here (the daily staking reward timer, price refresh).
  // Price feeds refreshed every PRICE_REFRESH_MS (the API also refreshes on demand).
  void import("@/lib/prices/job").then((m) => m.startPriceRefresh());
  // Daily staking rewards at 00:05 Asia/Seoul (advisory lock on PostgreSQL: one instance pays).
  void import("@/lib/staking/timer").then((m) => m.startRewardTimer());
  // Expired rate-limit windows are dropped hourly (a DELETE by age: safe on every instance).
  void import("@/lib/rate-limit").then((m) => m.startRateLimitPurge());
  // Deposit quotes that ran out become EXPIRED every minute (a guarded UPDATE: safe on every instance).
  void import("@/lib/wallet/deposit-quotes").then((m) => m.startQuoteExpirySweep());
  // Retained identities whose 5 years have passed are erased daily at 03:30 Asia/Seoul (FOR UPDATE SKIP LOCKED).
  void import("@/lib/kyc/retention-job").then((m) => m.startRetentionErasure());
  // SENDING payouts re-checked on chain every 30 s → PAID at enough confirmations, or back to APPROVED when the
  // transaction left the chain (a job_leases row: one instance at a time; guarded UPDATEs: PAID exactly once).
  void import("@/lib/chain/confirmations").then((m) => m.startPayoutConfirmations(env().PAYOUT_CHECK_INTERVAL_MS));
  // Monthly partitions of notifications and staking_rewards: created ahead, old ones archived (advisory lock).
  void import("@/lib/partitions/job").then((m) => m.startPartitionJob());
}
