/**
 * The server's log: one JSON line per event, `{"time","level","msg","requestId",…fields}`, info and debug on
 * stdout, warn and error on stderr, so any collector (journald, Docker, a log shipper) can index it without
 * parsing prose. Everything written while a request is served carries that request's id (lib/api/handler.ts
 * runs each request inside `withLogScope`); a background job runs inside its own scope (`job:reward-run` …).
 *
 * What may be logged: names, codes, counts, route patterns, ids. Never a password, token, cookie, 2FA code,
 * SQL text or parameters, or an amount next to the member it belongs to (lib/errors.ts errorLogFields gives
 * an error's loggable part). As a second line of defence any field whose name looks like a secret is
 * written as "[redacted]", at any depth, and an Error value is reduced to its name.
 *
 * LOG_LEVEL (debug | info | warn | error) sets the threshold: info by default, warn under NODE_ENV=test so
 * the test runner's output is not one access line per call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "@/lib/env";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY =
  /pass(word|wd)?|secret|token|cookie|authori[sz]ation|^t?otp$|two_?factor|session|hash|private|api_?key/i;

// One store per process even if this module is bundled into several route chunks.
const storeKey = Symbol.for("wld.log.scope");
const g = globalThis as typeof globalThis & { [storeKey]?: AsyncLocalStorage<string> };
g[storeKey] ??= new AsyncLocalStorage<string>();
const scope: AsyncLocalStorage<string> = g[storeKey];

/** Runs `fn` with `id` as the request id of every line it (and whatever it awaits) logs. */
export function withLogScope<T>(id: string, fn: () => T): T {
  return scope.run(id, fn);
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request id sent by the proxy (X-Request-Id), trusted only as a short token of safe characters. */
export function trustedRequestId(sent: unknown): string | undefined {
  return typeof sent === "string" && SAFE_REQUEST_ID.test(sent) ? sent : undefined;
}

/** LOG_LEVEL, or undefined when unset or malformed: a bad value never stops a line (lib/boot.ts refuses it at start). */
function configuredLevel(): LogLevel | undefined {
  try {
    return env().LOG_LEVEL;
  } catch {
    return undefined;
  }
}

let threshold: { level: LogLevel | undefined; rank: number } | undefined;

/** LOG_LEVEL's rank, worked out again only when the variable changed (this runs for every line). */
function minimumRank(): number {
  const level = configuredLevel();
  if (threshold && threshold.level === level) return threshold.rank;
  // biome-ignore lint/style/noProcessEnv: NODE_ENV is the toolchain's (Vitest sets "test"), not the operator's; lib/env.ts would throw on a value it does not list.
  threshold = { level, rank: RANK[level ?? (process.env.NODE_ENV === "test" ? "warn" : "info")] };
  return threshold.rank;
}

function safeValue(key: string, value: unknown): unknown {
  if (key && key !== "requestId" && SECRET_KEY.test(key)) return "[redacted]";
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Error) return { name: value.name };
  return value;
}

// info and debug lines (an access line per request) wait for the end of the event loop's turn and go out as one
// write: stdout to a pipe is a synchronous write(2) on Linux, 35–40 µs a line under load, 3 % of a small
// route's CPU (docs/benchmarks.md). warn and error lines go out at once; what waits is written on exit.
// The batch is one per process, like the scope, however many route chunks bundle this module.
const batchKey = Symbol.for("wld.log.batch");
const gb = globalThis as typeof globalThis & { [batchKey]?: { lines: string[]; scheduled: boolean } };
if (!gb[batchKey]) {
  gb[batchKey] = { lines: [], scheduled: false };
  process.on("exit", flush);
}
const batch = gb[batchKey];

function flush(): void {
  batch.scheduled = false;
  if (!batch.lines.length) return;
  const text = batch.lines.join("");
  batch.lines = [];
  process.stdout.write(text);
}

function write(level: LogLevel, msg: string, fields?: LogFields): void {
  if (RANK[level] < minimumRank()) return;
  const line = JSON.stringify(
    { time: new Date().toISOString(), level, msg, requestId: scope.getStore(), ...fields },
    safeValue,
  );
  // Straight to the streams, not through console: Next wraps the console methods of a server (log dimming after
  // an aborted prerender), which cost each access line an async-context snapshot (3 % of a small route's CPU under
  // load, docs/benchmarks.md).
  if (level === "error" || level === "warn") {
    flush(); // keep the order of the lines
    process.stderr.write(`${line}\n`);
    return;
  }
  batch.lines.push(`${line}\n`);
  if (!batch.scheduled) {
    batch.scheduled = true;
    setImmediate(flush);
  }
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};
