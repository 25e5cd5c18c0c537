/**
 * Which database answers a read that may be stale (docs/scaling.md, "Read replicas"): DATABASE_REPLICA_URL's
 * streaming replica while it is reachable, in recovery and at most DATABASE_REPLICA_MAX_LAG_MS behind, else the
 * primary. Only lib/read.ts `replicaReader` reads through here; writes and every read that decides money take
 * the primary's handle (getDb), and Biome keeps this module out of lib/ledger, lib/auth, the wallet's write paths
 * and the reward run (biome.json).
 *
 * The replica's state is checked at most once a second per process and cached (a request never waits more than
 * CHECK_WAIT_MS for a check: until one answers, reads go to the primary), so a replica that is down or lagging
 * costs no request a connection timeout. A read that fails on the replica runs once more on the primary, and the
 * replica is not read again until the next check says it is well.
 *
 * Lag (`lagOf`): an idle primary writes no commits, so "now − the last replayed commit's time" grows on a replica
 * that is fully current. The check compares positions instead: the primary's flushed WAL position, read just
 * before the replica is asked, against the replica's replay position — at or past it, the replica is current
 * (lag 0). Behind it, the lag is the smallest upper bound known: the age of the last replayed commit, or the age
 * of an earlier check's primary position that the replica has since passed; a replica that has replayed all it
 * received while streaming is current up to the network's delay.
 */
import type { Db } from "./client";
import { getHandle, replicaHandle } from "./client";
import { dbSettings } from "./settings";

/** How long a check's answer is used. */
export const CHECK_TTL_MS = 1_000;
/** How long a read waits for a check in flight before it goes to the primary. */
const CHECK_WAIT_MS = 250;
/** A replica that has not answered the check within this is down. */
const CHECK_TIMEOUT_MS = 2_000;

/** What one check saw: the primary's WAL position, then the replica's, as bigints (pg_lsn). */
export type ReplicaSample = {
  /** Date.now() when the primary's position was read. */
  at: number;
  primaryLsn: bigint;
  inRecovery: boolean;
  receiveLsn: bigint | null;
  replayLsn: bigint | null;
  /** now() − pg_last_xact_replay_timestamp() on the replica, in ms; null before any commit was replayed. */
  sinceReplayMs: number | null;
  /** pg_stat_wal_receiver.status ("streaming" while connected to the primary), null when not shown. */
  receiver: string | null;
};

/** An earlier primary position and when it was read: once the replica has replayed it, it is no staler than that. */
export type LagMark = { lsn: bigint; at: number };

/** The replica's lag in ms as an upper bound (Infinity when none is known), and the mark for the next check. */
export function lagOf(s: ReplicaSample, mark: LagMark | null): { lagMs: number; mark: LagMark | null } {
  if (s.replayLsn === null) return { lagMs: Number.POSITIVE_INFINITY, mark: null };
  if (s.replayLsn >= s.primaryLsn) return { lagMs: 0, mark: null };
  const passed = mark !== null && s.replayLsn >= mark.lsn;
  const next = mark === null || passed ? { lsn: s.primaryLsn, at: s.at } : mark;
  if (s.receiver === "streaming" && s.receiveLsn !== null && s.replayLsn >= s.receiveLsn)
    return { lagMs: 0, mark: next };
  const bounds = [passed && mark ? s.at - mark.at : null, s.sinceReplayMs].filter((b): b is number => b !== null);
  return { lagMs: bounds.length ? Math.max(0, Math.min(...bounds)) : Number.POSITIVE_INFINITY, mark: next };
}

/** "16/B374D848" → its 64-bit position. */
export function lsn(text: string): bigint {
  const [hi, lo] = text.split("/");
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export type ReplicaState = {
  /** When the check answered (Date.now()). */
  at: number;
  reachable: boolean;
  lagMs: number | null;
  /** Whether reads that may be stale go to the replica. */
  usable: boolean;
  /** Why not, when not: unreachable, not in recovery (promoted?), lagging, a read failed. */
  reason: string | null;
};

type Store = {
  state: ReplicaState | null;
  checking: Promise<ReplicaState> | null;
  mark: LagMark | null;
  reads: { replica: number; primary: number; fallbacks: number };
};
const storeKey = Symbol.for("wld.db.replica.state");
const holder = globalThis as typeof globalThis & { [storeKey]?: Store };
const store = (): Store =>
  (holder[storeKey] ??= { state: null, checking: null, mark: null, reads: { replica: 0, primary: 0, fallbacks: 0 } });

/** Whether a replica is configured for this process (DATABASE_REPLICA_URL with a PostgreSQL primary). */
export const replicaConfigured = () => Boolean(dbSettings().databaseUrl && dbSettings().replicaUrl);

const REPLICA_SQL = `SELECT pg_is_in_recovery() AS recovery,
  pg_last_wal_receive_lsn()::text AS receive, pg_last_wal_replay_lsn()::text AS replay,
  (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS since_ms,
  (SELECT status FROM pg_stat_wal_receiver) AS receiver`;

type ReplicaRow = {
  recovery: boolean;
  receive: string | null;
  replay: string | null;
  since_ms: number | string | null;
  receiver: string | null;
};

async function check(): Promise<ReplicaState> {
  const down = (reason: string): ReplicaState => ({
    at: Date.now(),
    reachable: false,
    lagMs: null,
    usable: false,
    reason,
  });
  const replica = await replicaHandle();
  if (!replica) return down("not configured");
  let primaryLsn: bigint;
  const at = Date.now();
  try {
    const [p] = await (await getHandle()).query<{ lsn: string }>("SELECT pg_current_wal_flush_lsn()::text AS lsn", []);
    primaryLsn = lsn(p!.lsn);
  } catch {
    return down("primary position unknown");
  }
  let row: ReplicaRow | undefined;
  try {
    [row] = await within(CHECK_TIMEOUT_MS, replica.query<ReplicaRow>(REPLICA_SQL, []));
  } catch {
    return down("unreachable");
  }
  if (!row?.recovery) return { ...down("not in recovery"), reachable: true };
  const sample: ReplicaSample = {
    at,
    primaryLsn,
    inRecovery: true,
    receiveLsn: row.receive ? lsn(row.receive) : null,
    replayLsn: row.replay ? lsn(row.replay) : null,
    sinceReplayMs: row.since_ms === null ? null : Number(row.since_ms),
    receiver: row.receiver,
  };
  const s = store();
  const { lagMs, mark } = lagOf(sample, s.mark);
  s.mark = mark;
  const usable = lagMs <= dbSettings().replicaMaxLagMs;
  return {
    at: Date.now(),
    reachable: true,
    lagMs: Number.isFinite(lagMs) ? Math.round(lagMs) : null,
    usable,
    reason: usable ? null : "lagging",
  };
}

/** The replica's state, checked again when older than CHECK_TTL_MS (one check at a time); null while unknown. */
export async function replicaState(waitMs = CHECK_WAIT_MS): Promise<ReplicaState | null> {
  const s = store();
  if (s.state && Date.now() - s.state.at <= CHECK_TTL_MS) return s.state;
  s.checking ??= check()
    .catch(
      (): ReplicaState => ({ at: Date.now(), reachable: false, lagMs: null, usable: false, reason: "check failed" }),
    )
    .then((state) => {
      s.state = state;
      return state;
    })
    .finally(() => {
      s.checking = null;
    });
  const fresh = await within(waitMs, s.checking).catch(() => null);
  return fresh ?? (s.state && Date.now() - s.state.at <= CHECK_TTL_MS ? s.state : null);
}

/**
 * Runs `read` on the replica when it is usable, else on the primary; a read that fails on the replica runs once
 * more on the primary (and the replica rests until the next check).
 */
export async function readMayBeStale<R>(read: (db: Db) => Promise<R>): Promise<R> {
  const s = store();
  const replica = replicaConfigured() ? await replicaHandle() : null;
  const state = replica ? await replicaState() : null;
  if (replica && state?.usable) {
    try {
      const result = await read(replica.db);
      s.reads.replica++;
      return result;
    } catch {
      s.reads.fallbacks++;
      s.state = { at: Date.now(), reachable: false, lagMs: null, usable: false, reason: "a read failed" };
    }
  }
  s.reads.primary++;
  return read((await getHandle()).db);
}

/** For GET /api/health: the replica as this process sees it (null when none is configured). */
export async function replicaHealth() {
  if (!replicaConfigured()) return null;
  const state = await replicaState(CHECK_TIMEOUT_MS);
  return {
    reachable: state?.reachable ?? false,
    lagMs: state?.lagMs ?? null,
    inUse: state?.usable ?? false,
    reason: state ? state.reason : "not checked yet",
    maxLagMs: dbSettings().replicaMaxLagMs,
    /** Reads that may be stale served by each, and reads that failed on the replica and ran again on the primary. */
    reads: { ...store().reads },
  };
}

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
