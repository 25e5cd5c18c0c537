/**
 * fetchWithin (lib/fetch-within.ts): one deadline over headers and body that always settles, and a byte limit on
 * the body — against real local HTTP servers, and against a fetch whose body never settles whatever the signal
 * does (what we watched Node's fetch do once under load: headers of a 200, then a body read left pending).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BodyTooLargeError, FetchTimeoutError, fetchWithin } from "@/lib/fetch-within";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** How long `p` took to settle, and how (or "pending" after `ms`). */
async function settles(p: Promise<unknown>, ms = 3_000): Promise<{ how: string; ms: number }> {
  const t0 = performance.now();
  const how = await Promise.race([
    p.then(
      () => "resolved",
      (e: Error) => `rejected ${e.name}`,
    ),
    new Promise<string>((r) => setTimeout(() => r("pending"), ms)),
  ]);
  return { how, ms: performance.now() - t0 };
}

describe("F30 fetchWithin: one deadline over headers and body, a byte limit on the body", () => {
  it("hands back the status, headers and whole body of an answer", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.write('{"price":');
      setTimeout(() => res.end('"2800"}'), 20);
    });
    const { res, text } = await fetchWithin(url, { headers: { accept: "application/json" } }, 2_000, {
      maxBytes: 1024,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(text)).toEqual({ price: "2800" });
  });

  it("gives up at the deadline when no headers come", async () => {
    const url = await serve(() => {});
    const r = await settles(fetchWithin(url, {}, 150));
    expect(r.how).toBe("rejected TimeoutError");
    expect(r.ms).toBeGreaterThanOrEqual(140);
    expect(r.ms).toBeLessThan(1_500);
  });

  it("gives up at the deadline when the body stalls after the headers", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"a":');
    });
    const r = await settles(fetchWithin(url, {}, 150));
    expect(r.how).toBe("rejected TimeoutError");
    expect(r.ms).toBeLessThan(1_500);
  });

  it("settles at the deadline even when the fetch leaves the body read pending despite the abort", async () => {
    // A 200 whose body never ends and which no abort reaches: what a plain `await res.text()` would wait on forever.
    let signal: AbortSignal | undefined;
    const stuck: typeof fetch = async (_url, init) => {
      signal = init?.signal ?? undefined;
      return new Response(new ReadableStream({ pull: () => new Promise(() => {}) }), { status: 200 });
    };
    const r = await settles(fetchWithin("http://upstream.invalid/", {}, 150, { fetch: stuck }));
    expect(r.how).toBe("rejected TimeoutError");
    expect(r.ms).toBeLessThan(1_500);
    // ...and the request was told to stop.
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBeInstanceOf(FetchTimeoutError);
  });

  it("refuses a body declared larger than the limit without reading it", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-length": String(10 * 1024 * 1024) });
      res.write("x".repeat(1024));
    });
    await expect(fetchWithin(url, {}, 2_000, { maxBytes: 4096 })).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("stops reading an undeclared (chunked) body at the limit and closes the connection", async () => {
    let written = 0;
    let closed!: () => void;
    const connectionClosed = new Promise<void>((r) => {
      closed = r;
    });
    const url = await serve((req, res) => {
      req.socket.on("close", closed);
      res.writeHead(200, { "content-type": "text/plain" }); // chunked: no length given
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        res.write("y".repeat(16 * 1024));
        written += 16 * 1024;
      }, 2);
      res.on("close", () => clearInterval(timer));
    });
    await expect(fetchWithin(url, {}, 5_000, { maxBytes: 64 * 1024 })).rejects.toBeInstanceOf(BodyTooLargeError);
    await connectionClosed; // the server sees the connection end: nothing keeps streaming into us
    expect(written).toBeLessThan(8 * 1024 * 1024);
  });

  it("clears its timer once settled: nothing fires later", async () => {
    const url = await serve((_req, res) => res.end("ok"));
    const before = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    await fetchWithin(url, {}, 60_000);
    const after = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    expect(after).toBeLessThanOrEqual(before);
  });
});
