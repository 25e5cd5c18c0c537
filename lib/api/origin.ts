/**
 * Browser-origin check for state-changing requests (CSRF): a foreign or "null" Origin is refused;
 * a request without Origin (not a browser) is judged by its session alone.
 */
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function checkOrigin(req: Request): void {
  if (SAFE.has(req.method)) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") throw new AppError("BAD_ORIGIN");
  if (origin === null) return;
  if (origin === "null") throw new AppError("BAD_ORIGIN");
  if (!allowedOrigins(req).has(origin)) throw new AppError("BAD_ORIGIN");
}

function allowedOrigins(req: Request): Set<string> {
  const allowed = new Set<string>();
  const configured = env().APP_ORIGIN;
  if (configured) allowed.add(new URL(configured).origin);
  const url = new URL(req.url);
  allowed.add(url.origin);
  const host = req.headers.get("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed;
}
