/** Input schemas of the two-factor calls (lib/auth/two-factor.ts). A code is a 6-digit TOTP or a recovery code. */
import { z } from "zod";
import { PASSWORD_MAX } from "./auth";

/** As typed: digits, letters, spaces and dashes; anything else (or nothing) is 400 INVALID_OTP. */
export const otpCode = z
  .string({ error: "INVALID_OTP" })
  .trim()
  .min(1, { error: "INVALID_OTP" })
  .max(32, { error: "INVALID_OTP" })
  .regex(/^[A-Za-z0-9 -]+$/, { error: "INVALID_OTP" });

/** POST /api/login/2fa and POST /api/two-factor/confirm. */
export const codeSchema = z.object({ code: otpCode });

const currentPassword = z
  .string({ error: "PASSWORD_REQUIRED" })
  .min(1, { error: "PASSWORD_REQUIRED" })
  .max(PASSWORD_MAX, { error: "WRONG_PASSWORD" });

/** POST /api/two-factor/enrol: the current password (a session alone does not bind the account to a phone). */
export const enrolSchema = z.object({ currentPassword });

/** POST /api/two-factor/disable: the current password and a code. */
export const disableTwoFactorSchema = z.object({ currentPassword, code: otpCode });
