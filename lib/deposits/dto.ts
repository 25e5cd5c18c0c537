/**
 * What crosses from the server to the screens about KRW deposits and the bank: the operator's account, bank
 * statement uploads and their credit lines. Client-safe (types and constants only); routes answer these shapes and
 * components import them from here.
 */

/** GET /api/deposit-account: where a member pays a KRW deposit into. */
export type DepositAccountDto = { bank: string; account: string; holder: string };

export const BANK_LINE_STATUSES = ["MATCHED", "REVIEW", "DISMISSED"] as const;
export type BankLineStatusDto = (typeof BANK_LINE_STATUSES)[number];

/**
 * Why a credit line waits for a person: the depositor name is known but the KRW differs (AMOUNT_MISMATCH), no open
 * deposit carries the name (UNKNOWN_NAME), the same line appears again in the file (DUPLICATE_LINE), the deposit was
 * already paid by a line or credited (ALREADY_USED), the KRW arrived after the quote ran out (LATE), the deposit was
 * cancelled or rejected (REQUEST_CLOSED).
 */
export const BANK_REVIEW_REASONS = [
  "AMOUNT_MISMATCH",
  "UNKNOWN_NAME",
  "DUPLICATE_LINE",
  "ALREADY_USED",
  "LATE",
  "REQUEST_CLOSED",
] as const;
export type BankReviewReasonDto = (typeof BANK_REVIEW_REASONS)[number];

/** One credit line of an uploaded bank statement (amounts: whole KRW as decimal text; times: ISO). */
export type BankLineDto = {
  id: number;
  uploadId: number;
  /** The line's number in the file it was first uploaded in (the header is line 1). */
  lineNo: number;
  occurredAt: string;
  depositorName: string;
  amountKrw: string;
  balanceKrw: string | null;
  status: BankLineStatusDto;
  reviewReason: BankReviewReasonDto | null;
  /** The deposit the line paid (MATCHED) or the one its name points to (REVIEW), when there is one. */
  request: {
    id: number;
    userId: string;
    name: string;
    krwAmount: string | null;
    depositorName: string | null;
    status: string;
  } | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  resolutionNote: string | null;
  createdAt: string;
};

export type BankUploadDto = {
  id: number;
  fileName: string;
  encoding: "UTF-8" | "EUC-KR";
  /** Credit lines in the file; linesNew of them were not known from an earlier upload. */
  linesTotal: number;
  linesNew: number;
  matched: number;
  review: number;
  uploadedBy: string;
  createdAt: string;
};

/** POST /api/admin/deposits/bank: the upload and the stored state of each of its credit lines. */
export type BankUploadResultDto = {
  upload: Pick<BankUploadDto, "id" | "fileName" | "encoding" | "linesTotal" | "linesNew" | "matched" | "review">;
  lines: BankLineDto[];
};

/** GET /api/admin/deposits/bank. */
export type BankLinesPageDto = { items: BankLineDto[]; total: number; uploads: BankUploadDto[] };
