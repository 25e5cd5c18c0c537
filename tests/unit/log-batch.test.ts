/**
 * The log's info lines (an access line per request) go out once per turn of the event loop, in one write;
 * warn and error lines at once, after what waits; nothing waiting is lost when the process exits.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

function recordWrites() {
  const writes: { stream: string; text: string }[] = [];
  for (const stream of ["stdout", "stderr"] as const)
    vi.spyOn(process[stream], "write").mockImplementation(((chunk: string) => {
      writes.push({ stream, text: String(chunk) });
      return true;
    }) as typeof process.stdout.write);
  return writes;
}

describe("log batching", () => {
  it("info lines of one turn go out together in one write, at the end of the turn", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const writes = recordWrites();
    log.info("first");
    log.info("second");
    log.info("third");
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.stream).toBe("stdout");
    expect(
      writes[0]!.text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg),
    ).toEqual(["first", "second", "third"]);
  });

  it("a warning goes out at once, after the info lines written before it", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const writes = recordWrites();
    log.info("before");
    log.warn("trouble");
    expect(writes.map((w) => [w.stream, JSON.parse(w.text).msg])).toEqual([
      ["stdout", "before"],
      ["stderr", "trouble"],
    ]);
    await turn();
    expect(writes).toHaveLength(2);
  });

  it("lines still waiting when the process exits are written", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", 'import { log } from "./lib/log.ts"; log.info("last words"); process.exit(3);'],
      { cwd: root, env: { ...process.env, LOG_LEVEL: "info" }, encoding: "utf8" },
    );
    expect(r.status).toBe(3);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ level: "info", msg: "last words" });
  });
});
