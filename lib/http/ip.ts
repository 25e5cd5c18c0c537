/**
 * The client's address for rate limits and the audit log.
 *
 * `next start` does NOT add the socket peer to X-Forwarded-For: it only fills the header when it is
 * absent (`req.headers['x-forwarded-for'] ??= socket.remoteAddress` in next/dist/server/base-server.js),
 * so a client-sent header would reach the handlers untouched and every request could claim any address.
 * installForwardedForGuard() (called from instrumentation.ts) fixes that at the HTTP server: the
 * header is replaced by the socket peer, or — when the peer is one of TRUSTED_PROXIES — the peer is
 * appended to the chain the proxy sent. clientIp() then walks the chain from the right and stops at
 * the first address that is not a trusted proxy.
 */
import http from "node:http";
import { env } from "@/lib/env";

let proxies: { text: string; set: Set<string> } | undefined;

/** TRUSTED_PROXIES as a set, parsed again only when the variable changed (this runs on every request). */
function trustedProxies(): Set<string> {
  const text = env().TRUSTED_PROXIES;
  if (proxies?.text !== text)
    proxies = {
      text,
      set: new Set(
        text
          .split(",")
          .map((s) => normalizeIp(s.trim()))
          .filter(Boolean),
      ),
    };
  return proxies.set;
}

/** "::ffff:127.0.0.1" → "127.0.0.1"; trims ports off IPv4 ("1.2.3.4:5678"). */
export function normalizeIp(addr: string | undefined | null): string {
  if (!addr) return "";
  let a = addr.trim();
  if (a.startsWith("::ffff:") && a.includes(".")) a = a.slice(7);
  if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  return a;
}

export function clientIp(req: Request): string {
  const trusted = trustedProxies();
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => normalizeIp(s))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const addr = chain[i] as string;
    if (!trusted.has(addr) || i === 0) return addr;
  }
  return "unknown";
}

/** Rewrites X-Forwarded-For (and drops a client-sent X-Forwarded-Proto) on one incoming request. */
export function sanitizeForwardedHeaders(req: http.IncomingMessage, trusted = trustedProxies()): void {
  const peer = normalizeIp(req.socket?.remoteAddress);
  if (!peer) return;
  const sent = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(sent) ? sent.join(",") : (sent ?? "")).trim();
  if (trusted.has(peer)) {
    req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
  } else {
    req.headers["x-forwarded-for"] = peer;
    delete req.headers["x-forwarded-proto"];
    delete req.headers["x-forwarded-host"];
  }
}

const INSTALLED = Symbol.for("wld.forwardedForGuard");

/** Patches http.Server so every request's forwarding headers are sanitized before Next sees them. */
export function installForwardedForGuard(): void {
  const g = globalThis as typeof globalThis & { [INSTALLED]?: boolean };
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  const original = http.Server.prototype.emit;
  http.Server.prototype.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" && args[0] instanceof http.IncomingMessage) {
      try {
        sanitizeForwardedHeaders(args[0]);
      } catch {
        // never break a request over header hygiene
      }
    }
    return (original as (...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof original;
}
