/**
 * Route-handler plumbing: every handler under app/api goes through `handler` (public) or one of the
 * authorizing wrappers built on it in ./with-auth.ts. They own the browser-origin check, JSON parsing and
 * zod → 400, AppError → status, the user's language, and no-store caching.
 *
 * Operations: each request gets an id (the proxy's X-Request-Id when it is a short safe token, else a fresh
 * UUID), answered back in X-Request-Id, written on every log line logged while it is served (lib/log.ts scope)
 * and in the audit rows; when it is answered, one access line (method, route pattern, status, ms) and one
 * observation in the request metrics (lib/metrics.ts) — no await and no database call of their own.
 */
import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import {
  AppError,
  ERROR_STATUS,
  type ErrorCode,
  errorLogFields,
  isAppError,
  isDatabaseUnavailable,
  isInvalidText,
} from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { localeOfRequest, translator } from "@/lib/i18n/translate";
import { log, trustedRequestId, withLogScope } from "@/lib/log";
import { recordRequest } from "@/lib/metrics";
import { hasControlChars, MAX_JSON_BYTES, parseJsonStrictOrThrow, readBodyTextOrThrow } from "@/lib/http/body";
import { checkOrigin } from "./origin";
import { clientIp } from "@/lib/http/ip";
import { json } from "@/lib/http/response";
import { routePattern } from "./route-pattern";

export type Ctx<P> = { req: NextRequest; params: P; locale: Locale; requestId: string; ip: string };
export type RouteContext<P> = { params: Promise<P> };
export type Result = Response | object | null;

// Routes take the JSON answer from here with the rest of the plumbing; it lives below lib/api and lib/auth.
export { json };

export function errorResponse(err: AppError, locale: Locale): Response {
  const t = translator(locale, "Errors");
  // A text in both languages (a maintenance reason) is answered in the request's.
  const params = Object.fromEntries(
    Object.entries(err.params).map(([k, v]) => [
      k,
      v && typeof v === "object" && !Array.isArray(v) ? (v as Record<Locale, string>)[locale] : v,
    ]),
  );
  // A list (`missing`) is an answer's field, never a message placeholder.
  const body: Record<string, unknown> = { error: t(err.code, params as Record<string, string>), code: err.code };
  for (const [k, v] of Object.entries(params)) if (!(k in body)) body[k] = v;
  return json(body, err.status, err.headers);
}

/**
 * Parses the JSON body against a schema. Over 64 KB (declared or counted while streaming) → 413
 * BODY_TOO_LARGE; malformed JSON → 400 INVALID_JSON; control characters → 400 INVALID_CHARACTERS;
 * numbers are judged by their source text (lib/http/body.ts); schema failure → 400 with the field's code.
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const text = await readBodyTextOrThrow(req, MAX_JSON_BYTES);
  const data = text.length ? parseJsonStrictOrThrow(text) : {};
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** A zod failure as an AppError: a schema may use an error code as its issue message. */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") ?? "";
  const code = issue?.message;
  if (code && code in ERROR_STATUS) return new AppError(code as ErrorCode, { field });
  return new AppError("VALIDATION", { field });
}

export function handler<P = Record<string, never>>(fn: (ctx: Ctx<P>) => Promise<Result>) {
  return async (req: NextRequest, context: RouteContext<P>): Promise<Response> => {
    const started = performance.now();
    const requestId = trustedRequestId(req.headers.get("x-request-id")) ?? crypto.randomUUID();
    return withLogScope(requestId, async () => {
      const locale = localeOfRequest(req);
      let route = "(unresolved)"; // never the raw path: it carries member ids
      let res: Response;
      try {
        const params = (await context?.params) ?? ({} as P);
        route = routePattern(req.nextUrl.pathname, params as Record<string, unknown>);
        checkOrigin(req);
        // Path segments are input too: a control character never reaches a query or a log.
        for (const v of Object.values(params as Record<string, unknown>).flat())
          if (typeof v === "string" && hasControlChars(v)) throw new AppError("INVALID_CHARACTERS", { field: "path" });
        const result = await fn({ req, params, locale, requestId, ip: clientIp(req) });
        if (result instanceof Response) {
          if (!result.headers.has("cache-control")) result.headers.set("cache-control", "no-store");
          res = result;
        } else res = json(result ?? {});
      } catch (e) {
        res = errorResponse(toAppError(e, requestId), locale);
      }
      res.headers.set("x-request-id", requestId);
      const ms = performance.now() - started;
      recordRequest(req.method, route, res.status, ms);
      log.info("request", { method: req.method, route, status: res.status, ms: Math.round(ms * 10) / 10 });
      return res;
    });
  };
}

export function toAppError(e: unknown, requestId: string): AppError {
  if (isAppError(e)) return e;
  if (isDatabaseUnavailable(e)) return new AppError("SERVICE_UNAVAILABLE", {}, { "retry-after": "5" });
  // A NUL byte or the like that validation let through reaches the database: still the client's input.
  if (isInvalidText(e)) return new AppError("INVALID_CHARACTERS");
  // Names, codes and code positions go to the log; never the message, which may carry SQL parameters.
  log.error("internal error", { requestId, ...errorLogFields(e) });
  return new AppError("INTERNAL");
}
