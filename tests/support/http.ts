/**
 * Calls a real route handler (the exported GET/POST/… of an app/api route module) with a real
 * NextRequest, as Next would, and reads the answer.
 */
import { NextRequest } from "next/server";

type RouteFn = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  body?: unknown;
  /** Raw body (FormData, string, bytes); wins over `body`. */
  rawBody?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
};

export type CallResult<T = any> = { status: number; body: T; headers: Headers; text: string };

export async function call<T = any>(
  route: Partial<Record<string, unknown>>,
  method: string,
  url: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const fn = route[method] as RouteFn | undefined;
  if (!fn) throw new Error(`route has no ${method} handler`);
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: BodyInit | undefined = opts.rawBody;
  if (body === undefined && opts.body !== undefined) {
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new NextRequest(new URL(url, "http://localhost:3000"), { method, headers, body });
  const res = await fn(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}
