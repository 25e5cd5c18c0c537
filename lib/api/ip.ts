/**
 * The client's address for rate limits and the audit log. X-Forwarded-For is client-controlled
 * except for the entries our own proxies append, so we walk it from the right and stop at the
 * first address that is not one of TRUSTED_PROXIES.
 */
import { env } from "@/lib/env";

export function clientIp(req: Request): string {
  const trusted = new Set(
    env()
      .TRUSTED_PROXIES.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Next's own server appends the socket peer as the last entry.
  for (let i = chain.length - 1; i >= 0; i--) {
    const addr = chain[i] as string;
    if (!trusted.has(addr) || i === 0) return addr;
  }
  return "unknown";
}
