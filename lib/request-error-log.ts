/**
 * The JSON log line of an error Next.js itself caught while serving a request — a page, a layout or a server
 * component that threw (instrumentation.ts `onRequestError`). API routes never get here: lib/api/handler.ts turns
 * their errors into answers and logs them itself. Same rules as every other line (lib/log.ts): the request id is
 * the proxy's X-Request-Id when it is a safe token, the route is Next's pattern (`/wallet/[tab]`), never the raw
 * path, and the error is its names, codes and code positions, never its message.
 */
import { errorLogFields, isDatabaseUnavailable } from "@/lib/errors";
import { log, trustedRequestId, withLogScope } from "@/lib/log";

type ErrorRequest = Readonly<{ path: string; method: string; headers: NodeJS.Dict<string | string[]> }>;
type ErrorContext = Readonly<{ routePath: string; routeType: string; renderSource?: string }>;

export function logRequestError(err: unknown, request: ErrorRequest, context: ErrorContext): void {
  const requestId = trustedRequestId(request.headers["x-request-id"]);
  const fields = {
    method: request.method,
    route: context.routePath,
    routeType: context.routeType,
    ...(context.renderSource ? { renderSource: context.renderSource } : {}),
    // A server component's error reaches here as React's copy: its digest names the original in Next's own log.
    ...(typeof (err as { digest?: unknown })?.digest === "string"
      ? { digest: (err as { digest: string }).digest }
      : {}),
    ...errorLogFields(err),
  };
  const write = () =>
    isDatabaseUnavailable(err) ? log.warn("database unavailable", fields) : log.error("request error", fields);
  if (requestId) withLogScope(requestId, write);
  else write();
}
