/**
 * Input schemas for the money calls (swap, requests, wallet address, referral codes, admin coin moves).
 * Amounts accept JSON numbers or plain decimal strings and are parsed strictly (lib/money parseAmount);
 * a bad amount fails with code INVALID_AMOUNT.
 */
import { z } from "zod";
import { queryInt } from "./query";
import { COINS, requestStatusEnum, requestTypeEnum } from "@/db/schema";
import { hasControlChars, isSingleLine } from "@/lib/http/body";
import { validationError } from "@/lib/api/handler";
import { AppError } from "@/lib/errors";
import { TRANSFER_DECIMALS } from "@/lib/constants";
import { RELATIONSHIPS } from "@/lib/travel-rule/fields";
import { ADMIN_AMOUNT_MAX, adminAmount, amountValue } from "./amount";
import { reasonField } from "./proposals";

const coin = z.enum(COINS, { message: "VALIDATION" });
/** Only WLD can be moved by members (the spec: only WLD is selectable in the modals). */
const wldOnly = z.literal("WLD", { message: "VALIDATION" }).default("WLD");
/** Case-insensitive enum (DESIGN.md, "Contract details": action values are matched case-insensitively). */
const ci = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(values as unknown as [T, ...T[]]));

export const swapSchema = z.object({ amount: amountValue() });

export const transferRequestSchema = z.object({
  /** Ignored when present: the member is the session's (the spec's clients send their own handle). */
  userId: z.string().optional(),
  coinSymbol: wldOnly,
  amount: amountValue({ decimals: TRANSFER_DECIMALS }),
  type: ci(["TRANSFER", "WITHDRAW"]).default("TRANSFER"),
  /** Two-factor on: a current code from the authenticator app (lib/auth/two-factor.ts); not part of the idempotency hash. */
  otp: z.string({ error: "INVALID_OTP" }).max(32, { error: "INVALID_OTP" }).optional(),
  /**
   * The Travel Rule's recipient details (lib/travel-rule; SECURITY.md J43). Each part is optional here: at or above the
   * threshold the route names what is missing (400 TRAVEL_RULE_REQUIRED); below it they are ignored.
   */
  travelRule: z
    .object(
      {
        recipientName: z
          .string({ message: "VALIDATION" })
          .trim()
          .max(100, "VALIDATION")
          .refine(isSingleLine, "INVALID_CHARACTERS")
          .optional(),
        selfOwned: z.boolean({ message: "VALIDATION" }).optional(),
        relationship: ci(RELATIONSHIPS).optional(),
      },
      { message: "VALIDATION" },
    )
    .nullish()
    .transform((v) => v ?? undefined),
});

export const depositRequestSchema = z.object({
  userId: z.string().optional(),
  coinSymbol: wldOnly,
  /** KRW, whole won; capped like an admin amount, since an approval credits its WLD value. */
  amount: amountValue({ decimals: 0, cap: ADMIN_AMOUNT_MAX }),
  type: ci(["DEPOSIT"]).optional(),
});

/**
 * POST /api/users/by-id/{userId}/walletAddr: `NETWORK|EXCHANGE|ADDRESS` and the current password, every
 * part required (the form's own message; lib/wallet/address.ts then checks each part).
 */
export const walletAddrSchema = z.object({
  walletAddr: z
    .string({ message: "WALLET_FIELDS_REQUIRED" })
    .max(200, "INVALID_WALLET")
    .refine((v) => {
      // A part left empty is a missing field; a malformed value is the address parser's INVALID_WALLET.
      return v.split("|").every((part) => part.trim() !== "");
    }, "WALLET_FIELDS_REQUIRED"),
  /** SECURITY B16: a wallet address is a sensitive change and needs the caller's current password. */
  currentPassword: z.string({ message: "WALLET_FIELDS_REQUIRED" }).min(1, "WALLET_FIELDS_REQUIRED").max(1024),
});

export const referrerSchema = z.object({
  refCode: z.string({ message: "REFCODE_REQUIRED" }).trim().min(1, "REFCODE_REQUIRED").max(64, "INVALID_REFCODE"),
});

/** A member's own code: 4–16 letters or digits, stored upper-case. */
export const refCodeSchema = z.object({
  refCode: z
    .string({ message: "REFCODE_REQUIRED" })
    .trim()
    .min(1, "REFCODE_REQUIRED")
    .regex(/^[A-Za-z0-9]{4,16}$/, "INVALID_REFCODE_FORMAT")
    .transform((s) => s.toUpperCase()),
});

/** PATCH /api/admin/requests/{id}. The reason is free text and may span lines. */
export const adminDecisionSchema = z.object({
  action: ci(["APPROVE", "REJECT"]),
  reason: z.string({ message: "VALIDATION" }).trim().max(500, "VALIDATION").optional(),
  /** A deposit's approval: the KRW that actually arrived (whole won, capped like every admin amount). */
  krwReceived: adminAmount({ decimals: 0 }).optional(),
});

/** POST /api/admin/requests/{id}/return: why the receiving exchange refused it (required, 1–500 characters). */
export const adminReturnSchema = z.object({
  reason: z.string({ message: "VALIDATION" }).trim().min(1, "VALIDATION").max(500, "VALIDATION"),
});

export const adminCoinSchema = z.object({
  symbol: coin,
  amount: adminAmount(),
  action: ci(["DEPOSIT"]),
  /** Four-eyes: required above FOUR_EYES_LIMIT (lib/admin/proposals.ts). */
  reason: reasonField(),
});

export const adminCoinUnhistSchema = z.object({
  symbol: coin,
  amount: adminAmount(),
  action: ci(["DEPOSIT", "WITHDRAW"]),
  reason: reasonField(),
});

const uint = queryInt;

export const pageQuerySchema = z.object({ page: uint(1, 1_000_000), limit: uint(10, 50) });

export const requestListQuerySchema = pageQuerySchema.extend({
  // Every status and type the schema knows, in one place (db/schema.ts).
  status: ci(requestStatusEnum.enumValues).optional(),
  type: ci(requestTypeEnum.enumValues).optional(),
});

export const checkDuplicateQuerySchema = z.object({
  userId: z.string().optional(),
  coinSymbol: coin.default("WLD"),
  type: ci(["DEPOSIT", "WITHDRAW", "TRANSFER"]).default("TRANSFER"),
});

/**
 * Query parameters as a plain object for a schema (repeated keys: the first wins). A control character
 * in any of them → 400 INVALID_CHARACTERS, whether or not the route uses that parameter.
 */
export function queryOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) {
    if (hasControlChars(k) || hasControlChars(v)) throw new AppError("INVALID_CHARACTERS", { field: "query" });
    if (!(k in out)) out[k] = v;
  }
  return out;
}

/** A numeric path id (users.id, requests.id, transactions.id) or 404. */
export const idParam = z.string().regex(/^[1-9]\d{0,17}$/);

/** Parses a numeric path id; anything else answers 404 (the thing cannot exist). */
export function numericIdOrThrow(value: string | undefined): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw new AppError("NOT_FOUND");
  const n = Number.parseInt(parsed.data, 10);
  if (!Number.isSafeInteger(n)) throw new AppError("NOT_FOUND");
  return n;
}

/** Parses a query string against a schema: failures are 400 like a body's. */
export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(queryOf(req));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
