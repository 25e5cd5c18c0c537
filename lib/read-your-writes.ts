/**
 * Read your own writes (docs/scaling.md, "Read replicas"): after an administrator's change succeeds, that
 * administrator's reads go to the primary for a few seconds, so the screen refreshed after the click never shows
 * the replica's past. lib/api/with-auth.ts marks the answer to every successful non-GET admin call with a cookie
 * holding the time of the write, and runs the next admin reads inside `withPrimaryReads` while it is recent; the
 * browser carries it to whichever instance nginx picks, which per-process memory could not. lib/read.ts
 * `replicaReader` obeys `primaryReadsOnly()`.
 *
 * The cookie is a routing hint, not a credential: its value only ever sends reads to the primary (the safe side),
 * and a forged or dropped one can at most let its own holder see a list a few seconds old. A time in the future
 * counts only up to the window, so it cannot pin reads to the primary for longer.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readCookie } from "@/lib/auth/cookies";
import { env } from "@/lib/env";

export const WROTE_COOKIE = "wld-wrote";
/** What the window adds to the replica's lag bound: its state is up to a second old, and a second of margin. */
const WINDOW_MARGIN_MS = 2_000;

const store = new AsyncLocalStorage<{ primary: true }>();

/**
 * How long after a write its author reads from the primary: the replica's lag bound plus the age its checked
 * state may have (db/replica.ts CHECK_TTL_MS) and a margin. A replica read after that sees the write, because a
 * replica is read only while its lag, checked at most a second before, is within the bound.
 */
export const readYourWritesWindowMs = () => env().DATABASE_REPLICA_MAX_LAG_MS + WINDOW_MARGIN_MS;

/** Whether writes are marked at all: a replica is configured (DATABASE_REPLICA_URL; unused in embedded mode). */
export const readYourWritesOn = () => Boolean(env().DATABASE_REPLICA_URL);

/** Whether `req` carries a write of its sender made within the window (as of `now`). */
export function wroteRecently(req: Request, now = Date.now()): boolean {
  const at = Number(readCookie(req, WROTE_COOKIE));
  if (!Number.isFinite(at) || at <= 0) return false;
  return Math.abs(now - at) <= readYourWritesWindowMs();
}

/** `res` with the cookie saying its sender wrote at `now` (HttpOnly; Secure under HTTPS, lib/auth/session.ts). */
export function markWrite(res: Response, secure: boolean, now = Date.now()): Response {
  const maxAge = Math.ceil(readYourWritesWindowMs() / 1000);
  const flags = `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  res.headers.append("set-cookie", `${WROTE_COOKIE}=${now}; ${flags}`);
  return res;
}

/** Runs `fn` with every replicaReader read inside it sent to the primary when `primary` is true. */
export function withPrimaryReads<T>(primary: boolean, fn: () => T): T {
  return primary ? store.run({ primary: true }, fn) : fn();
}

/** Whether the request being served must read from the primary only. */
export const primaryReadsOnly = () => store.getStore()?.primary === true;
