/**
 * Audit finding 3: request bodies are read as a stream with a byte counter and stop at the limit
 * (64 KB JSON, 8 KB next-auth, the 10 MB upload cap), with or without Content-Length; a body that
 * breaks off mid-way answers 4xx instead of leaving the handler waiting.
 */
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import * as loginRoute from "@/app/api/login/route";
import * as signupRoute from "@/app/api/signup/route";
import * as swapRoute from "@/app/api/users/[userId]/swap/route";
import * as uploadRoute from "@/app/api/upload-id/route";
import { createUser, fund, wld } from "../factories/money";
import { freshIp } from "./auth-helpers";
import { expectLedgerConsistent } from "../support/ledger";

const MB = 1024 * 1024;
const CHUNK = 16 * 1024;

type Route = Partial<Record<string, unknown>>;
type Streamed = { status: number; body: any; pulled: number; ms: number };

/**
 * Sends a lazily generated body (no Content-Length: chunked) to a real route handler and counts the
 * bytes the handler pulled. `breakAfter` errors the stream after that many bytes (a client gone away).
 */
async function streamed(
  route: Route,
  method: string,
  url: string,
  opts: {
    total: number;
    head?: string;
    fill?: string;
    breakAfter?: number;
    headers?: Record<string, string>;
    cookie?: string;
    params?: Record<string, string>;
  },
): Promise<Streamed> {
  let pulled = 0;
  const head = new TextEncoder().encode(opts.head ?? "");
  const filler = new TextEncoder().encode((opts.fill ?? "x").repeat(CHUNK));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (opts.breakAfter !== undefined && pulled >= opts.breakAfter) {
        controller.error(new Error("client went away"));
        return;
      }
      if (pulled >= opts.total) {
        controller.close();
        return;
      }
      const chunk = pulled === 0 && head.length ? head : filler.subarray(0, Math.min(CHUNK, opts.total - pulled));
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const headers = new Headers({ "content-type": "application/json", "x-forwarded-for": freshIp(), ...opts.headers });
  if (opts.cookie) headers.set("cookie", opts.cookie);
  // A stream body needs duplex "half" (Node's fetch), which tests/support/http.ts `call` does not pass.
  const init = { method, headers, body, duplex: "half" };
  const req = new NextRequest(
    new URL(url, "http://localhost:3000"),
    init as ConstructorParameters<typeof NextRequest>[1],
  );
  const fn = route[method] as (r: NextRequest, c: { params: Promise<unknown> }) => Promise<Response>;
  const started = performance.now();
  const res = await fn(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, pulled, ms: performance.now() - started };
}

function memory() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

describe("H35 chunked 100 MB bodies stop at the limit", () => {
  it("a JSON route, /api/login and /api/signup answer 413 after pulling only a little past 64 KB; memory stays flat", async () => {
    const u = await createUser();
    const before = memory();
    const cases: [Route, string, string, Record<string, string>, string | undefined][] = [
      [loginRoute, "POST", "/api/login", {}, undefined],
      [signupRoute, "POST", "/api/signup", {}, undefined],
      [swapRoute, "POST", `/api/users/${u.userId}/swap`, { userId: u.userId }, u.cookie],
    ];
    for (const [route, method, url, params, cookie] of cases) {
      const r = await streamed(route, method, url, { total: 100 * MB, head: '{"userId":"', params, cookie });
      expect(r.status, url).toBe(413);
      expect(r.body.code, url).toBe("BODY_TOO_LARGE");
      expect(r.body.error, url).toBe("요청이 너무 큽니다.");
      expect(r.pulled, url).toBeGreaterThan(64 * 1024);
      expect(r.pulled, url).toBeLessThanOrEqual(64 * 1024 + 2 * CHUNK);
    }
    const after = memory();
    // 300 MB were offered; a flat process grows by far less than one of those bodies.
    expect(after.rss - before.rss).toBeLessThan(40 * MB);
    expect(after.heap - before.heap).toBeLessThan(40 * MB);
  });

  it("/api/auth/* never reads more than about 8 KB (next-auth's credentials callback included)", async () => {
    for (const path of ["callback/credentials", "signout", "signin/credentials", "csrf"]) {
      const r = await streamed(authRoute, "POST", `/api/auth/${path}`, {
        total: 100 * MB,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        params: { nextauth: path.split("/") } as never,
      });
      // Refused (413, or 404 where next-auth's sign-in is off) or answered without the body (signout).
      expect(r.status, path).toBeLessThan(500);
      expect(r.pulled, path).toBeLessThanOrEqual(8 * 1024 + 2 * CHUNK);
    }
  });

  it("E27 a chunked multipart upload stops at the 10 MB cap, even when the bytes are not the file", async () => {
    const u = await createUser();
    const boundary = "----audit";
    for (const head of [
      // one huge file part
      `--${boundary}\r\nContent-Disposition: form-data; name="idImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      // junk before the first boundary (a preamble busboy would skip for ever)
      "",
    ]) {
      const r = await streamed(uploadRoute, "POST", "/api/upload-id", {
        total: 100 * MB,
        head,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        cookie: u.cookie,
      });
      expect(r.status).toBe(413);
      expect(r.body.code).toBe("PAYLOAD_TOO_LARGE");
      expect(r.pulled).toBeLessThanOrEqual(10 * MB + 64 * 1024 + 4 * CHUNK);
    }
  });

  it("a declared Content-Length over the limit is refused before anything is read", async () => {
    const r = await streamed(loginRoute, "POST", "/api/login", {
      total: 100 * MB,
      headers: { "content-length": String(100 * MB) },
    });
    expect(r.status).toBe(413);
    expect(r.pulled).toBeLessThanOrEqual(CHUNK);
  });
});

describe("H35 bodies within the limit", () => {
  it("a chunked body of exactly 64 KB is read (wrong password → 401); one byte more → 413", async () => {
    const u = await createUser();
    const json = JSON.stringify({ userId: u.userId, password: "wrong-password" });
    const exact = json.padEnd(64 * 1024, " ");
    const ok = await streamed(loginRoute, "POST", "/api/login", { total: exact.length, head: exact });
    expect(ok.status).toBe(401);
    const over = await streamed(loginRoute, "POST", "/api/login", { total: exact.length + 1, head: `${exact} ` });
    expect(over.status).toBe(413);
  });

  it("a chunked JSON body in small pieces is parsed and applied", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "3" });
    const r = await streamed(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
      total: 40_000,
      head: `{"amount":"1"${" ".repeat(100)}`,
      fill: " ",
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    // The filler never closes the object: malformed → 400, and nothing moved.
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_JSON");
    expect(await wld(u.id)).toMatchObject({ holding: "3", staked: "0" });
    await expectLedgerConsistent();
  });
});

describe("H35 a body that breaks off mid-way", () => {
  it("answers 400 at once on a JSON route and on /api/login, and moves nothing", async () => {
    const u = await createUser();
    await fund(u.id, { holding: "3" });
    const swap = await streamed(swapRoute, "POST", `/api/users/${u.userId}/swap`, {
      total: MB,
      head: '{"amount":"1"',
      breakAfter: 2 * CHUNK,
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(swap.status).toBe(400);
    expect(swap.ms).toBeLessThan(5_000);
    const login = await streamed(loginRoute, "POST", "/api/login", { total: MB, breakAfter: CHUNK });
    expect(login.status).toBe(400);
    expect(await wld(u.id)).toMatchObject({ holding: "3", staked: "0" });
    await expectLedgerConsistent();
  });

  it("answers 4xx on the upload", async () => {
    const u = await createUser();
    const r = await streamed(uploadRoute, "POST", "/api/upload-id", {
      total: MB,
      head: `--b\r\nContent-Disposition: form-data; name="idImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      breakAfter: 4 * CHUNK,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      cookie: u.cookie,
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});
