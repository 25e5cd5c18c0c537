/**
 * Browser-side fetch for our own API: JSON in and out, same-origin cookies, and errors as
 * ApiError carrying the server's `code` and its (already translated) `error` message.
 * A 401 UNAUTHENTICATED (the session ended: logout elsewhere, expiry, password change) sends the
 * browser to /login?next=<this page>, so logging in again brings the member back here. A 403
 * PASSWORD_CHANGE_REQUIRED (signed in with a reset's temporary password) sends it to the password change.
 */
import { loginPathFor, PASSWORD_CHANGE_PATH } from "@/lib/next-path";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function api<T = unknown>(
  path: string,
  init: Omit<RequestInit, "body"> & { body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers.set("content-type", "application/json");
  }
  if (init.idempotencyKey) headers.set("idempotency-key", init.idempotencyKey);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, body, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "NETWORK", "");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {}
  if (!res.ok) {
    const b = (data ?? {}) as Record<string, unknown>;
    const error = new ApiError(res.status, String(b.code ?? "INTERNAL"), String(b.error ?? ""), b);
    if (isSessionEnded(error)) goToLogin();
    else if (error.code === "PASSWORD_CHANGE_REQUIRED") leaveFor(PASSWORD_CHANGE_PATH);
    throw error;
  }
  return data as T;
}

/** A fresh key for one user action (a retried click reuses it; a new action gets a new one). */
export const newIdempotencyKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** The server no longer knows this browser's session (not a wrong password: that is INVALID_CREDENTIALS). */
export const isSessionEnded = (err: unknown) =>
  err instanceof ApiError && err.status === 401 && err.code === "UNAUTHENTICATED";

let leaving = false;

/** Full navigation to `path` (unless already there); once, however many calls fail together. */
function leaveFor(path: string): void {
  if (typeof window === "undefined" || leaving || window.location.pathname === path.split("?")[0]) return;
  leaving = true;
  window.location.assign(path);
}

/** Full navigation to /login?next=<current page>; once, however many calls fail together. */
export function goToLogin(): void {
  if (typeof window === "undefined") return;
  const { pathname, search, hash } = window.location;
  leaveFor(loginPathFor(`${pathname}${search}${hash}`));
}
