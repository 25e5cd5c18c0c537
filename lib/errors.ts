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
  WEAK_PASSWORD: 400,
  INVALID_AMOUNT: 400,
  BELOW_MINIMUM: 400,
  ABOVE_MAXIMUM: 400,
  INVALID_WALLET: 400,
  INVALID_REFCODE: 404,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  BAD_ORIGIN: 403,
  KYC_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERID_TAKEN: 409,
  REFCODE_IN_USE: 409,
  REFERRER_ALREADY_SET: 409,
  OWN_REFCODE: 400,
  INVALID_REFCODE_FORMAT: 400,
  WALLET_REQUIRED: 409,
  WALLET_ALREADY_SET: 409,
  DUPLICATE_PENDING: 409,
  INSUFFICIENT_FUNDS: 409,
  INVALID_STATE: 409,
  ALREADY_APPROVED: 409,
  NOTHING_TO_APPROVE: 409,
  LAST_SUPERADMIN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  NO_FILE: 400,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PRICE_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Values for the message's ICU placeholders, and extra fields for the JSON answer. */
  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.params = params;
    this.headers = headers;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** PostgreSQL unique-violation (23505) with the constraint name, whichever driver raised it. */
export function uniqueViolation(e: unknown): string | null {
  const err = e as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown };
  if (err?.code === "23505") return err.constraint_name ?? err.constraint ?? "";
  if (err?.cause) return uniqueViolation(err.cause);
  return null;
}

/** PostgreSQL check-violation (23514) with the constraint name. */
export function checkViolation(e: unknown): string | null {
  const err = e as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown };
  if (err?.code === "23514") return err.constraint_name ?? err.constraint ?? "";
  if (err?.cause) return checkViolation(err.cause);
  return null;
}

/** Connection-level failures: the database is down or unreachable. */
export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: string; errno?: string; cause?: unknown; message?: string };
  const code = err?.code ?? err?.errno;
  if (
    code &&
    [
      "ECONNREFUSED",
      "ECONNRESET",
      "CONNECTION_CLOSED",
      "CONNECTION_ENDED",
      "CONNECT_TIMEOUT",
      "57P01",
      "57P03",
    ].includes(code)
  )
    return true;
  if (err?.cause) return isDatabaseUnavailable(err.cause);
  return false;
}
