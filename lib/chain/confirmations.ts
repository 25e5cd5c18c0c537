/**
 * The confirmations job (SECURITY.md J44): every PAYOUT_CHECK_INTERVAL_MS (30 s; lib/jobs.ts) the SENDING payouts are
 * checked on their network again.
 * One instance at a time: a pass holds the `job_leases` row `payout-confirmations` (a row with an end time, not a
 * database lock, since a pass waits for the chain); a pass that finds it held does nothing. Per payout, the receipt
 * is read first and the outcome applied in its own short transaction through guarded UPDATEs (lib/wallet/payouts.ts),
 * so even two passes at once mark a payout PAID once and notify once:
 * - proven with PAYOUT_CONFIRMATIONS_<NET> confirmations → PAID (an UNVERIFIED one too, once its network has an RPC
 *   endpoint and the receipt proves it);
 * - proven, fewer confirmations → stays SENDING (VERIFIED, its block updated);
 * - no receipt any more (reorganised away), or a receipt that does not prove the payout → back to APPROVED with the
 *   operator's notice (audit `request.payout_reorged`, timeline reason `reorg <hash>` / `mismatch <hash>: …`).
 * A network without an RPC endpoint, or one that cannot be read, is left for a later pass.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Hash } from "viem";
import { getDb, rowsOf } from "@/db/client";
import { requests } from "@/db/schema";
import { log } from "@/lib/log";
import { toDecimalString } from "@/lib/money";
import { memberRowForShare } from "@/lib/wallet/member-row";
import { markPaid, reopenPayout } from "@/lib/wallet/payouts";
import { ChainUnavailable } from "./client";
import { chainSettings, payoutTarget } from "./networks";
import { verifyPayout } from "./verify";

export const JOB_NAME = "payout-confirmations";
/** How long a pass may hold the lease before another instance may take it over (a crashed holder). */
const LEASE_SECONDS = 300;
const BATCH = 200;

export type ConfirmationsPass = {
  /** False when another pass held the lease: nothing was done. */
  ran: boolean;
  checked: number;
  paid: number;
  reopened: number;
  /** Networks whose endpoint could not be read this time. */
  unavailable: string[];
};

async function takeLease(holder: string): Promise<boolean> {
  const db = await getDb();
  const rows = rowsOf<{ holder: string }>(
    await db.execute(sql`INSERT INTO job_leases (name, holder, until)
      VALUES (${JOB_NAME}, ${holder}, now() + make_interval(secs => ${LEASE_SECONDS}))
      ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
        WHERE job_leases.until < now()
      RETURNING holder`),
  );
  return rows[0]?.holder === holder;
}

async function releaseLease(holder: string): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`UPDATE job_leases SET until = now() - interval '1 second' WHERE name = ${JOB_NAME} AND holder = ${holder}`,
  );
}

/** One pass over the SENDING payouts (the job's tick; tests call it directly). */
export async function runConfirmationsPass(): Promise<ConfirmationsPass> {
  const out: ConfirmationsPass = { ran: false, checked: 0, paid: 0, reopened: 0, unavailable: [] };
  const holder = randomUUID();
  if (!(await takeLease(holder))) return out;
  out.ran = true;
  try {
    const db = await getDb();
    const sending = await db
      .select()
      .from(requests)
      .where(
        and(
          eq(requests.status, "SENDING"),
          inArray(requests.type, ["TRANSFER", "WITHDRAW"]),
          isNotNull(requests.payoutTxHash),
        ),
      )
      .orderBy(asc(requests.updatedAt))
      .limit(BATCH);
    for (const row of sending) {
      const target = payoutTarget(row.walletAddr);
      if (!target || out.unavailable.includes(target.network)) continue;
      const settings = chainSettings(target.network);
      const rpcUrl = settings.rpcUrl;
      if (!rpcUrl) continue;
      const hash = row.payoutTxHash as Hash;
      let v: Awaited<ReturnType<typeof verifyPayout>>;
      try {
        v = await verifyPayout({ ...settings, rpcUrl }, hash, {
          to: target.address,
          amount: toDecimalString(row.amount),
        });
      } catch (e) {
        if (!(e instanceof ChainUnavailable)) throw e;
        out.unavailable.push(target.network);
        continue;
      }
      out.checked += 1;
      await db.transaction(async (tx) => {
        await memberRowForShare(tx, row.userId);
        if (v.kind === "missing") {
          if (await reopenPayout(tx, row, `reorg ${hash}`)) out.reopened += 1;
          return;
        }
        if (v.kind === "mismatch") {
          if (await reopenPayout(tx, row, `mismatch ${hash}: ${v.detail}`.slice(0, 500))) out.reopened += 1;
          return;
        }
        // Proven: record what the chain says now (an UNVERIFIED payout becomes VERIFIED; a re-mined one its block).
        const [now] = await tx
          .update(requests)
          .set({ payoutCheck: "VERIFIED", payoutBlock: v.block })
          .where(and(eq(requests.id, row.id), eq(requests.status, "SENDING"), eq(requests.payoutTxHash, hash)))
          .returning();
        if (now && v.confirmations >= settings.confirmations && (await markPaid(tx, now, null))) out.paid += 1;
      });
    }
  } finally {
    await releaseLease(holder);
  }
  return out;
}

/** The periodic job (lib/jobs.ts): a pass every 30 s; a failed pass is logged and the next one retries. */
export function startPayoutConfirmations(intervalMs = 30_000): void {
  const timer = setInterval(() => {
    runConfirmationsPass().catch((e) => log.warn("payout confirmations pass failed", { error: String(e) }));
  }, intervalMs);
  timer.unref?.();
}
