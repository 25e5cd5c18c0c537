/**
 * Route-handler plumbing: every handler under app/api goes through `handler` (public) or one of
 * `withUser` / `withAdmin` / `withSuperAdmin`. They own the browser-origin check, session lookup,
 * JSON parsing and zod → 400, AppError → status, the user's language, and no-store caching.
 */
import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { requireAdmin, requireSuperAdmin, requireUser } from "@/lib/auth/guards";
import type { SessionUser } from "@/lib/auth/session";
import { AppError, ERROR_STATUS, type ErrorCode, isAppError, isDatabaseUnavailable } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/config";
import { localeOfRequest, translator } from "@/lib/i18n/translate";
import { checkOrigin } from "./origin";
import { clientIp } from "./ip";

export type Ctx<P> = { req: NextRequest; params: P; locale: Locale; requestId: string; ip: string };
export type UserCtx<P> = Ctx<P> & { user: SessionUser };
type RouteContext<P> = { params: Promise<P> };
type Result = Response | object | null;

export const MAX_JSON_BYTES = 64 * 1024;

/** A JSON answer with a status (201 for created). */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(err: AppError, locale: Locale): Response {
  const t = translator(locale, "Errors");
  const body: Record<string, unknown> = { error: t(err.code, err.params), code: err.code };
  for (const [k, v] of Object.entries(err.params)) if (!(k in body)) body[k] = v;
  return json(body, err.status, err.headers);
}

/** Parses the JSON body against a schema: malformed JSON → 400 INVALID_JSON, schema failure → 400. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  let data: unknown;
  try {
    data = text.length ? JSON.parse(text) : {};
  } catch {
    throw new AppError("INVALID_JSON");
  }
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
    const locale = localeOfRequest(req);
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    try {
      checkOrigin(req);
      const params = (await context?.params) ?? ({} as P);
      const result = await fn({ req, params, locale, requestId, ip: clientIp(req) });
      if (result instanceof Response) {
        if (!result.headers.has("cache-control")) result.headers.set("cache-control", "no-store");
        return result;
      }
      return json(result ?? {});
    } catch (e) {
      const err = toAppError(e, requestId);
      return errorResponse(err, locale);
    }
  };
}

export function toAppError(e: unknown, requestId: string): AppError {
  if (isAppError(e)) return e;
  if (isDatabaseUnavailable(e)) return new AppError("SERVICE_UNAVAILABLE", {}, { "retry-after": "5" });
  // Internal details go to the log, never to the client.
  console.error(JSON.stringify({ level: "error", requestId, error: String((e as Error)?.stack ?? e) }));
  return new AppError("INTERNAL");
}

type Guard = (req: Request) => Promise<SessionUser>;
const guarded =
  (guard: Guard) =>
  <P = Record<string, never>>(fn: (ctx: UserCtx<P>) => Promise<Result>) =>
    handler<P>(async (ctx) => fn({ ...ctx, user: await guard(ctx.req) }));

/** Any signed-in member. */
export const withUser = guarded(requireUser);
/** ADMIN or SUPERADMIN. */
export const withAdmin = guarded(requireAdmin);
/** SUPERADMIN only. */
export const withSuperAdmin = guarded(requireSuperAdmin);
