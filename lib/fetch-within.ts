/**
 * fetch() under one deadline that covers the whole exchange — the answer's headers and its body — and always
 * settles when it passes.
 *
 * `fetch(url, { signal: AbortSignal.timeout(ms) })` followed by `await res.text()` is not that. On a loaded machine we
 * watched Node's fetch (Node 20.20, undici 6.24) hand back a 200's headers and then leave `res.text()` pending for
 * good although the signal had fired — one call in sixty in the A8 system test, "reading the body of 200 for
 * 15058 ms (client timeout 699 ms)" — and an exchange flooding a body held the old price read past its 2 s timeout
 * for over a minute (tests/integration/prices.test.ts). A price feed awaiting such a read holds every price request
 * behind it. Here the deadline aborts the request AND settles the call itself, whatever
 * the library does with the abort; and the body is read with a byte limit, so an upstream cannot make us buffer
 * without end.
 */
import { withDeadline } from "@/lib/deadline";

export class FetchTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no complete answer within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer's body is larger than ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
  }
}

export type FetchWithinOptions = {
  /** The body's limit in bytes (declared or read); more → BodyTooLargeError. Default: no limit. */
  maxBytes?: number;
  /** The fetch implementation (default: the global one). */
  fetch?: typeof fetch;
};

/** The answer (status and headers) with its whole body as text, or a rejection — within `timeoutMs`. */
export async function fetchWithin(
  url: string | URL,
  init: Omit<RequestInit, "signal">,
  timeoutMs: number,
  opts: FetchWithinOptions = {},
): Promise<{ res: Response; text: string }> {
  const controller = new AbortController();
  const exchange = (async () => {
    const res = await (opts.fetch ?? fetch)(url, { ...init, signal: controller.signal });
    return { res, text: await readText(res, opts.maxBytes, controller) };
  })();
  return withDeadline(timeoutMs, exchange, () => {
    const err = new FetchTimeoutError(timeoutMs);
    controller.abort(err);
    return err;
  });
}

async function readText(res: Response, maxBytes: number | undefined, controller: AbortController): Promise<string> {
  if (maxBytes === undefined) return res.text();
  const declared = Number(res.headers.get("content-length") ?? 0);
  const tooLarge = () => {
    const err = new BodyTooLargeError(maxBytes);
    controller.abort(err);
    return err;
  };
  if (declared > maxBytes) throw tooLarge();
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
