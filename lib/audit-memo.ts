/**
 * The administrator's note on a change (the console's 메모 field), carried from the request to every audit
 * row the change writes without threading it through each use case: lib/api/with-auth.ts reads the
 * `x-audit-memo` header (URI-encoded UTF-8) of an authorized admin call and runs the handler inside
 * `withAuditMemo`; lib/audit.ts `audit()` stamps `currentAuditMemo()` into audit_log.memo. AsyncLocalStorage
 * follows the handler's awaits into the transaction callbacks of both drivers, and nothing else.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "@/lib/errors";

export const AUDIT_MEMO_HEADER = "x-audit-memo";
export const MAX_MEMO_LENGTH = 500;

/** Control characters other than the line feed (a memo may span lines, nothing else). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_MEMO = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

const store = new AsyncLocalStorage<{ memo: string }>();

/**
 * The memo of a request, or null when absent or blank. A header that is not valid URI-encoded UTF-8, longer
 * than 500 characters, or carrying a control character other than a line feed → 400 INVALID_MEMO.
 */
export function auditMemoOf(req: Request): string | null {
  const raw = req.headers.get(AUDIT_MEMO_HEADER);
  if (raw === null) return null;
  let memo: string;
  try {
    memo = decodeURIComponent(raw);
  } catch {
    throw new AppError("INVALID_MEMO", { field: "memo" });
  }
  memo = memo.replace(/\r\n/g, "\n").trim();
  if (Array.from(memo).length > MAX_MEMO_LENGTH || NOT_MEMO.test(memo))
    throw new AppError("INVALID_MEMO", { field: "memo" });
  return memo || null;
}

/** Runs `fn` with `memo` as the memo of every audit row written inside it. */
export function withAuditMemo<T>(memo: string | null, fn: () => T): T {
  return memo === null ? fn() : store.run({ memo }, fn);
}

/** The memo of the admin change in progress, if any. */
export function currentAuditMemo(): string | null {
  return store.getStore()?.memo ?? null;
}
