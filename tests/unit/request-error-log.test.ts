/**
 * An error Next.js catches while rendering a page (instrumentation.ts onRequestError) is one JSON
 * line like every other — the proxy's request id, the route pattern and the error's names and codes, never its
 * message (which may carry what the member typed or SQL parameters) nor the raw path (member ids).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { onRequestError } from "@/instrumentation";
import { streamLines } from "../support/log-lines";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function linesOf(fn: () => unknown): Promise<Record<string, unknown>[]> {
  return (await streamLines(fn)).map((l) => JSON.parse(l) as Record<string, unknown>);
}

const request = (headers: Record<string, string>) => ({
  path: "/users/by-id/member7/wallet?tab=history",
  method: "GET",
  headers,
});
const context = {
  routerKind: "App Router" as const,
  routePath: "/(member)/wallet",
  routeType: "render" as const,
  renderSource: "server-rendering" as const,
  revalidateReason: undefined,
};

describe("page errors are logged as JSON lines", () => {
  it("carries the proxy's request id, the route pattern and the error's name, never its message or the path", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("LOG_LEVEL", "info");
    const err = Object.assign(new TypeError("password=hunter2 for member7"), { digest: "2417893" });
    const lines = await linesOf(() => onRequestError(err, request({ "x-request-id": "edge-42.a_b" }), context));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "request error",
      requestId: "edge-42.a_b",
      method: "GET",
      route: "/(member)/wallet",
      routeType: "render",
      digest: "2417893",
    });
    const text = JSON.stringify(lines);
    expect(text).toContain("TypeError");
    expect(text).not.toMatch(/hunter2|member7|tab=history/);
  });

  it("an unsafe request id is not trusted; a database outage is a warning, not an error", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("LOG_LEVEL", "info");
    const outage = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    const lines = await linesOf(() => onRequestError(outage, request({ "x-request-id": "bad id\n{}" }), context));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", msg: "database unavailable", route: "/(member)/wallet" });
    expect(lines[0]!.requestId).toBeUndefined();
    expect(JSON.stringify(lines)).not.toMatch(/10\.0\.0\.5|bad id/);
  });
});
