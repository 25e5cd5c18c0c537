/**
 * The closed set of error codes the API answers with. Each code has a status and a message in
 * messages/<locale>/errors.json; clients branch on `code`, people read `error`.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  REQUIRED_FIELDS: 400,
  INVALID_USERID: 400,
  PASSWORD_MISMATCH: 400,
  WRONG_PASSWORD: 400,
  /** Two-factor: a wrong, used or malformed authentication code. */
  INVALID_OTP: 400,
  WEAK_PASSWORD: 400,
  /** The new password is the current one (refused before anything changes: no cool-down). */
  SAME_PASSWORD: 400,
  /** Not a Korean mobile or landline number (lib/phone.ts). */
  INVALID_PHONE: 400,
  INVALID_AMOUNT: 400,
  KRW_RECEIVED_REQUIRED: 400,
  BELOW_MINIMUM: 400,
  ABOVE_MAXIMUM: 400,
  INVALID_WALLET: 400,
  /** At or above the Travel Rule's threshold the recipient's details are needed (`missing`, `thresholdKrw`). */
  TRAVEL_RULE_REQUIRED: 400,
  /** Personal wallet: a signature that is not the challenge address's (or malformed), or a nonce not the caller's. */
  INVALID_SIGNATURE: 400,
  /** Personal wallet: the message to sign was issued more than 10 minutes ago. */
  CHALLENGE_EXPIRED: 400,
  INVALID_REFCODE: 404,
  INVALID_JSON: 400,
  INVALID_CHARACTERS: 400,
  AMOUNT_TOO_LARGE: 400,
  LOGIN_REQUIRED: 400,
  PASSWORD_REQUIRED: 400,
  WALLET_FIELDS_REQUIRED: 400,
  REFCODE_REQUIRED: 400,
  PHONE_REQUIRED: 400,
  PRODUCT_NAME_REQUIRED: 400,
  REASON_REQUIRED: 400,
  PROPOSAL_REASON_REQUIRED: 400,
  INVALID_MEMO: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /** Two-factor: no pending login (none, or older than 5 minutes): sign in with the password again. */
  TWO_FACTOR_EXPIRED: 401,
  FORBIDDEN: 403,
  BAD_ORIGIN: 403,
  SELF_ACTION: 403,
  /** Four-eyes: the proposer cannot approve their own proposal. */
  SELF_APPROVAL: 403,
  KYC_REQUIRED: 403,
  /** Two-factor is on: this request needs a current authentication code (`otp`). */
  TWO_FACTOR_REQUIRED: 403,
  /** ADMIN_2FA=required: an administrator without two-factor enrols before any admin call. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  /** A password reset's temporary password: nothing answers until the member sets their own. */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** Four-eyes: an account promoted, or whose password or 2FA was reset, approves nothing for 72 hours (`opensAt`). */
  APPROVER_TOO_NEW: 403,
  COOLDOWN: 403,
  /** The member froze their account (the panic button, lib/account/freeze.ts): nothing leaves until it is unfrozen. */
  ACCOUNT_FROZEN: 403,
  /** Unfreezing an account that is not frozen (or freezing one that already is). */
  NOT_FROZEN: 409,
  DAILY_LIMIT: 403,
  /** A personal wallet whose owner has not proven it with a signature. */
  ADDRESS_NOT_VERIFIED: 403,
  /** Coins bought with KRW in the last KRW_HOLD_HOURS (`heldAmount`, `opensAt`, `sendable`). */
  KRW_HOLD: 403,
  /** The payout address's exchange is blocked (lib/destinations): `exchange` names it. */
  DESTINATION_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERID_TAKEN: 409,
  REFCODE_IN_USE: 409,
  REFERRER_ALREADY_SET: 409,
  OWN_REFCODE: 400,
  INVALID_REFCODE_FORMAT: 400,
  WALLET_REQUIRED: 409,
  WALLET_ALREADY_SET: 409,
  /** Personal wallet: the message was already signed and verified once. */
  CHALLENGE_USED: 409,
  DUPLICATE_PENDING: 409,
  REQUEST_EXPIRED: 409,
  /** Four-eyes: a deposit approval waits for a second administrator; no second proposal, no cancel meanwhile. */
  REQUEST_AWAITING_APPROVAL: 409,
  /** A fraud case on the request is still open (lib/fraud): it is decided (cleared or reported) before any approval. */
  CASE_OPEN: 409,
  /** The fraud case was already decided (cleared or reported). */
  CASE_DECIDED: 409,
  /** The member cancels a deposit whose KRW arrived (a statement line or an approval confirmed it). */
  DEPOSIT_RECEIVED: 409,
  /** Four-eyes: a proposal older than 72 hours. */
  EXPIRED: 409,
  /** Four-eyes: a stored proposal that no longer fits its kind (lib/admin/proposal-payloads.ts): never applied. */
  PROPOSAL_PAYLOAD_INVALID: 409,
  INSUFFICIENT_FUNDS: 409,
  INVALID_STATE: 409,
  ALREADY_APPROVED: 409,
  NOTHING_TO_APPROVE: 409,
  LAST_SUPERADMIN: 409,
  /** Destinations: the name is taken (in any letter case). */
  DESTINATION_EXISTS: 409,
  /** Destinations: allowing this one already waits for a second administrator (`proposalId`). */
  DESTINATION_UNBLOCK_PENDING: 409,
  /** Notices (공지사항): a title (1–120), body (1–8,000), category or window (until after from) out of bounds. */
  NOTICE_INVALID_TITLE: 400,
  NOTICE_INVALID_BODY: 400,
  NOTICE_INVALID_CATEGORY: 400,
  NOTICE_INVALID_WINDOW: 400,
  /** 1:1 support: an empty message, one over 2,000 characters (`max`), an unknown category, over 3 images (`max`). */
  INQUIRY_TEXT_REQUIRED: 400,
  INQUIRY_TEXT_TOO_LONG: 400,
  INQUIRY_CATEGORY_INVALID: 400,
  INQUIRY_TOO_MANY_IMAGES: 400,
  /** 1:1 support: assigning to someone who may not answer inquiries. */
  INQUIRY_ASSIGNEE_INVALID: 400,
  /** 1:1 support: the inquiry is closed (종료): nothing more is added. */
  INQUIRY_CLOSED: 409,
  /** 1:1 support: the member already has `max` inquiries open. */
  INQUIRY_OPEN_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  NO_FILE: 400,
  IDEMPOTENCY_MISMATCH: 422,
  /**
   * The recorded transaction is not this request's payout on chain; `mismatch` lists what differs
   * (transaction, status, token, recipient, amount, sender, used) and `detail` says it in words.
   */
  PAYOUT_MISMATCH: 422,
  /** A bank statement the server cannot read (`line` and `field` name the first bad line when one is). */
  BANK_STATEMENT_INVALID: 400,
  RATE_LIMITED: 429,
  /** Too many failed logins for the account or the address; `opensAt` (ISO) and `opensAtKst` say when. */
  LOGIN_LOCKED: 429,
  INTERNAL: 500,
  PRICE_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  /** The network's RPC endpoint did not answer within its deadline and retries (`network`). */
  CHAIN_UNAVAILABLE: 503,
  /**
   * The feature is paused for maintenance (lib/maintenance): `feature`, `until` (ISO, the expected end), `reason`,
   * `featureName` and `untilText` in the member's language.
   */
  MAINTENANCE: 503,
  /** Maintenance: the feature already has an open pause (resume it first). */
  ALREADY_PAUSED: 409,
  /** Maintenance: the expected end must lie in the future, at most 30 days ahead. */
  INVALID_UNTIL: 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** A text the answer carries in the request's language (lib/api/handler.ts errorResponse picks one). */
export type LocalizedParam = { readonly ko: string; readonly en: string };

/**
 * A value of an error's answer: a message placeholder (string, number), a list the client reads (`missing`), or a
 * text in both languages (answered, and put in the message, in the request's).
 */
export type ErrorParam = string | number | readonly string[] | LocalizedParam;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Values for the message's ICU placeholders, and extra fields for the JSON answer. */
  readonly params: Record<string, ErrorParam>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, params: Record<string, ErrorParam> = {}, headers: Record<string, string> = {}) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.params = params;
    this.headers = headers;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** A db/queries answer that must exist: null or undefined becomes 404 NOT_FOUND. */
export function foundOrThrow<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new AppError("NOT_FOUND");
  return value;
}

/**
 * The database error with one of `codes` (SQLSTATE) in `e`'s cause chain — the drivers and Drizzle wrap it — or
 * null. Our SQL functions refuse with their own codes (WL001…, db/migrations) and a message and DETAIL to read.
 */
export function databaseError(
  e: unknown,
  ...codes: string[]
): { code: string; message: string; detail?: string; constraint: string } | null {
  type PgError = {
    code?: string;
    message?: string;
    detail?: string;
    constraint_name?: string; // postgres.js
    constraint?: string; // PGlite
    cause?: unknown;
  };
  for (let err = e as PgError | undefined; err; err = err.cause as PgError | undefined)
    if (err.code && codes.includes(err.code))
      return {
        code: err.code,
        message: err.message ?? "",
        detail: err.detail,
        constraint: err.constraint_name ?? err.constraint ?? "",
      };
  return null;
}

/** PostgreSQL unique-violation (23505) with the constraint name, whichever driver raised it. */
export function uniqueViolation(e: unknown): string | null {
  return databaseError(e, "23505")?.constraint ?? null;
}

/** Connection-level failures: the database is down or unreachable. */
export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: string; errno?: string; cause?: unknown; message?: string };
  const code = err?.code ?? err?.errno;
  // SQLSTATE class 08, connection exception: PgBouncer answers 08P01 ("server conn crashed?", shutting down)
  // when the server connection under a statement is cut or it restarts (tests/cluster/pooler.test.ts F31).
  if (typeof code === "string" && /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (
    code &&
    [
      "ECONNREFUSED",
      "ECONNRESET",
      "CONNECTION_CLOSED",
      "CONNECTION_ENDED",
      // postgres.js: the pool was ended with the statement still running (an instance shutting down).
      "CONNECTION_DESTROYED",
      "CONNECT_TIMEOUT",
      "57P01", // admin_shutdown (pg_terminate_backend, a restart)
      "57P02", // crash_shutdown
      "57P03", // cannot_connect_now (starting up, a failover)
      "53300", // too_many_connections
    ].includes(code)
  )
    return true;
  if (err?.cause) return isDatabaseUnavailable(err.cause);
  return false;
}

/** Text the database cannot store (a NUL byte, an invalid byte sequence): SQLSTATE 22021 / 22P05. */
export function isInvalidText(e: unknown): boolean {
  const err = e as { code?: string; cause?: unknown };
  if (err?.code === "22021" || err?.code === "22P05") return true;
  return err?.cause ? isInvalidText(err.cause) : false;
}

/** A stack line naming only a function and a file position: nothing a client sent can appear in it. */
const FRAME = /^\s+at (?:[\w$.<>[\] ]+ \()?(?:file:\/\/)?\/[\w./@+-]+:\d+:\d+\)?$/;

/**
 * What an error log may say about an error: names, codes (SQLSTATE, constraint) and code positions along
 * the cause chain, never a message. A driver's message carries the SQL text and its parameters (an
 * argon2 hash among them on sign-up), and any message may quote what the client sent.
 */
export function errorLogFields(e: unknown): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  for (let cur = e as Record<string, unknown> | undefined, n = 0; cur && n < 5; cur = cur.cause as never, n++) {
    if (typeof cur !== "object") {
      chain.push({ type: typeof cur });
      break;
    }
    const code = cur.code ?? cur.errno;
    chain.push({
      name: String(cur.name ?? cur.constructor?.name ?? "Error").slice(0, 60),
      ...(typeof code === "string" || typeof code === "number" ? { code: String(code).slice(0, 40) } : {}),
      ...(typeof cur.constraint_name === "string" ? { constraint: cur.constraint_name.slice(0, 63) } : {}),
    });
  }
  const stack = typeof (e as Error)?.stack === "string" ? (e as Error).stack : "";
  const frames = (stack ?? "")
    .split("\n")
    .filter((l) => FRAME.test(l))
    .slice(0, 8)
    .map((l) => l.trim());
  return { error: chain, frames };
}
