/**
 * Input schemas of the identity routes. Issue messages are error codes (lib/errors.ts), so the
 * handler answers the spec's exact message for each rule.
 */
import { z } from "zod";
import { isSingleLine } from "@/lib/http/body";
import { ROLES } from "@/lib/auth/roles";
import { normaliseKoreanPhone } from "@/lib/phone";
import { reasonField } from "./proposals";

/** A short list of the most common passwords (≥ 8 characters), refused at sign-up and on change. */
const COMMON_PASSWORDS = new Set([
  "12345678",
  "123456789",
  "1234567890",
  "password",
  "password1",
  "password123",
  "qwerty123",
  "qwertyuiop",
  "11111111",
  "00000000",
  "iloveyou",
  "1q2w3e4r",
  "1q2w3e4r5t",
  "qwer1234",
  "abcd1234",
  "a1234567",
  "asdf1234",
  "zxcvbnm1",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "welcome1",
  "admin123",
  "letmein1",
  "87654321",
  "12341234",
  "11223344",
  "q1w2e3r4",
  "passw0rd",
]);

/**
 * A checked phone: a Korean mobile or landline number → its one stored form (`010-2345-6789`, lib/phone.ts);
 * anything else → INVALID_PHONE on the field. Empty → null (only reached by the optional sign-up field).
 */
const toKoreanPhone = (v: string, ctx: z.RefinementCtx<string>): string => {
  const phone = normaliseKoreanPhone(v);
  if (phone) return phone;
  ctx.addIssue({ code: "custom", message: "INVALID_PHONE" });
  return z.NEVER;
};
const koreanPhone = z.string().transform(toKoreanPhone);
const optionalKoreanPhone = z
  .string()
  .nullable()
  .optional()
  .transform((v, ctx): string | null => (v ? toKoreanPhone(v, ctx as z.RefinementCtx<string>) : null));

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX = 256;

/**
 * A trimmed, non-empty, single-line text; missing or empty answers `code`, the form's own message
 * (the sign-up form's is the spec's REQUIRED_FIELDS text, the login form's LOGIN_REQUIRED, …).
 */
const required = (code: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: code }).min(1, { error: code }).refine(isSingleLine, { error: "INVALID_CHARACTERS" }),
  );

/** A new password: 8–256 characters, any composition, not one of the most common ones. Not trimmed. */
const newPassword = (requiredCode: string) =>
  z
    .string({ error: requiredCode })
    .min(1, { error: requiredCode })
    .refine((p) => [...p].length >= PASSWORD_MIN && p.length <= PASSWORD_MAX, { error: "WEAK_PASSWORD" })
    .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), { error: "WEAK_PASSWORD" });
export const newPasswordSchema = newPassword("REQUIRED_FIELDS");

export const USERID_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * POST /api/signup. The spec's client also sends bankNumber, walletAddr and Cert (all empty):
 * unknown keys are dropped, so nothing but these fields can be set at sign-up.
 */
export const signupSchema = z
  .object({
    name: required("REQUIRED_FIELDS").pipe(z.string().max(50, { error: "VALIDATION" })),
    userId: required("REQUIRED_FIELDS").pipe(
      z.string().regex(USERID_PATTERN, { error: "INVALID_USERID" }).max(30, { error: "INVALID_USERID" }),
    ),
    password: newPasswordSchema,
    /** Optional: when the client sends the confirmation too, it must match. */
    passwordConfirm: z.string().optional(),
    /** Optional (the spec asks no format); when given, a Korean number, stored as `010-2345-6789` (lib/phone.ts). */
    phone: z
      .preprocess(
        (v) => (typeof v === "string" ? v.trim() : v),
        z.string().max(30, { error: "INVALID_PHONE" }).refine(isSingleLine, { error: "INVALID_CHARACTERS" }),
      )
      .optional()
      .nullable()
      .pipe(optionalKoreanPhone),
    refId: required("REQUIRED_FIELDS").pipe(z.string().max(32, { error: "INVALID_REFCODE" })),
  })
  .superRefine((v, ctx) => {
    if (v.passwordConfirm !== undefined && v.passwordConfirm !== v.password)
      ctx.addIssue({ code: "custom", message: "PASSWORD_MISMATCH", path: ["passwordConfirm"] });
  });
export type SignupInput = z.infer<typeof signupSchema>;

/** POST /api/login: both fields present (else the spec's '아이디와 비밀번호를 모두 입력해주세요.'). */
export const loginSchema = z.object({
  userId: required("LOGIN_REQUIRED").pipe(z.string().max(64, { error: "INVALID_CREDENTIALS" })),
  password: z
    .string({ error: "LOGIN_REQUIRED" })
    .min(1, { error: "LOGIN_REQUIRED" })
    .max(PASSWORD_MAX, { error: "INVALID_CREDENTIALS" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** PATCH /api/users/by-id/{userId}/password (else the spec's 'enter the password correctly'). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: "PASSWORD_REQUIRED" })
      .min(1, { error: "PASSWORD_REQUIRED" })
      .max(PASSWORD_MAX, { error: "PASSWORD_REQUIRED" }),
    newPassword: newPassword("PASSWORD_REQUIRED"),
    newPasswordConfirm: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.newPasswordConfirm !== undefined && v.newPasswordConfirm !== v.newPassword)
      ctx.addIssue({ code: "custom", message: "PASSWORD_MISMATCH", path: ["newPasswordConfirm"] });
  });

/** A referral or sign-up code as typed: trimmed, letters, digits, '-' and '_', stored upper-case. */
export const refCodeSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z
    .string({ error: "REFCODE_REQUIRED" })
    .min(1, { error: "REFCODE_REQUIRED" })
    .max(32, { error: "VALIDATION" })
    .regex(/^[A-Z0-9_-]+$/, { error: "VALIDATION" }),
);

/** PATCH /api/admin/users/{id}/ref-code. */
export const adminRefCodeSchema = z.object({ refCode: refCodeSchema });

/** PATCH /api/admin/users/{id}/phone: non-empty, a Korean number in its stored form (lib/phone.ts). */
export const adminPhoneSchema = z.object({
  phone: required("PHONE_REQUIRED")
    .pipe(z.string().max(30, { error: "INVALID_PHONE" }))
    .pipe(koreanPhone),
});

/**
 * PATCH /api/admin/users/{id}/toggle-role: the role the member should have afterwards; `reason` is required when
 * the change is a grant (a four-eyes proposal, lib/auth/account-proposals.ts).
 */
export const toggleRoleSchema = z.object({
  role: z.enum(ROLES, { error: "VALIDATION" }),
  reason: reasonField(),
});

/** PATCH /api/admin/users/{id}/password-reset and …/two-factor-reset: `reason` is required for an administrator. */
export const accountResetSchema = z.object({ reason: reasonField() });

/** POST /api/admin/signup-codes: a code (generated when absent), an optional note and use limit. */
export const signupCodeCreateSchema = z.object({
  code: refCodeSchema.optional(),
  note: z.string().trim().max(200).optional(),
  maxUses: z.number().int().min(1).max(1_000_000).optional().nullable(),
});
