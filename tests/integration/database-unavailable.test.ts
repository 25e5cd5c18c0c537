/**
 * F31: which driver failures mean "the database is not there" (503 + Retry-After, lib/errors.ts
 * isDatabaseUnavailable) and which are our own bugs (500). Each case is the real postgres.js error, raised by a
 * real PostgreSQL server or a real closed port, never a hand-made object.
 */
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/errors";
import { onPostgres } from "../support/setup-db";

const url = () => process.env.DATABASE_URL!;
const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("the statement did not fail");
};

describe.runIf(onPostgres())("F31 driver failures classified (PostgreSQL)", () => {
  it("F31 a pool ended while a statement runs (an instance shutting down) is unavailable, not a 500", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    const running = errorOf(sql`SELECT pg_sleep(5)`);
    await new Promise((r) => setTimeout(r, 200));
    await sql.end({ timeout: 0 });
    const e = (await running) as { code?: string };
    expect(e.code).toBe("CONNECTION_DESTROYED");
    expect(isDatabaseUnavailable(e)).toBe(true);
  });

  it("F31 a backend cut by pg_terminate_backend (a failover, PgBouncer restarted) is unavailable", async () => {
    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    const killer = postgres(url(), { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const pid = row!.pid;
      const running = errorOf(sql`SELECT pg_sleep(5)`);
      await new Promise((r) => setTimeout(r, 200));
      await killer`SELECT pg_terminate_backend(${pid})`;
      const e = await running;
      expect(isDatabaseUnavailable(e)).toBe(true);
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  });

  it("F31 a query on a connection whose backend was cut fails with CONNECTION_CLOSED, never hangs (patches/postgres)", async () => {
    // porsager/postgres#1208: the write after the socket closed threw from a timer (uncaught) and the query
    // waited forever; a pool connection closed in the moment before a query is handed to it is in the same state.
    // patches/postgres+3.4.9.patch.
    const sql = postgres(url(), { max: 2, onnotice: () => {} });
    const killer = postgres(url(), { max: 1, onnotice: () => {} });
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const pid = row!.pid;
      await killer`SELECT pg_terminate_backend(${pid})`;
      // The backend's goodbye has arrived and the socket is closed: the next write finds no socket.
      await new Promise((r) => setTimeout(r, 300));
      const outcome = await Promise.race([
        errorOf(reserved`SELECT 1`),
        new Promise((r) => setTimeout(() => r("still waiting after 3 s"), 3000)),
      ]);
      expect((outcome as { code?: string }).code).toBe("CONNECTION_CLOSED");
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      await new Promise((r) => setImmediate(r));
      expect(uncaught).toEqual([]);
      reserved.release();
    } finally {
      process.off("uncaughtException", onUncaught);
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  });

  it("F31 nothing listening is unavailable; a statement of ours that fails is not", async () => {
    const nowhere = postgres("postgres://postgres@127.0.0.1:1/nowhere", { max: 1, connect_timeout: 2 });
    expect(isDatabaseUnavailable(await errorOf(nowhere`SELECT 1`))).toBe(true);
    await nowhere.end({ timeout: 0 });

    const sql = postgres(url(), { max: 1, onnotice: () => {} });
    try {
      expect(isDatabaseUnavailable(await errorOf(sql`SELECT * FROM no_such_table`))).toBe(false);
      expect(isDatabaseUnavailable(await errorOf(sql`SELECT 1/0`))).toBe(false);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
