/**
 * What the server writes while `fn` runs, without letting it through: every line written to the process's stdout
 * and stderr (the log, lib/log.ts, writes to the streams themselves, exactly what a collector reads), and anything
 * else's console.log/warn/error (vitest routes a worker's console elsewhere), in the order written.
 */
import { vi } from "vitest";

type Stream = "stdout" | "stderr";
const CONSOLE: Record<Stream, ("log" | "warn" | "error")[]> = { stdout: ["log"], stderr: ["warn", "error"] };

export async function streamLines(fn: () => unknown, streams: Stream[] = ["stdout", "stderr"]) {
  const chunks: string[] = [];
  const spies = streams.flatMap((name) => [
    vi.spyOn(process[name], "write").mockImplementation(((chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    }) as typeof process.stdout.write),
    ...CONSOLE[name].map((m) =>
      vi.spyOn(console, m).mockImplementation((...a) => void chunks.push(`${a.map(String).join(" ")}\n`)),
    ),
  ]);
  try {
    await fn();
    // info lines go out at the end of the event loop's turn (lib/log.ts): let the turn end
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return chunks
    .join("")
    .split("\n")
    .filter((l) => l.length > 0);
}
