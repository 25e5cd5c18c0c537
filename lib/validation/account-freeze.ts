/** Input schemas of the panic button (lib/account/freeze.ts). */
import { z } from "zod";
import { PASSWORD_MAX } from "./auth";
import { reasonField } from "./proposals";

/** POST /api/account/freeze { from? }: where the member pressed it (the notification's link says so). */
export const freezeSchema = z.object({
  from: z.enum(["settings", "notification"], { error: "VALIDATION" }).optional().default("settings"),
});

/** POST /api/account/unfreeze { password, otp? }: the current password; a code when two-factor is on. */
export const unfreezeSchema = z.object({
  password: z
    .string({ error: "PASSWORD_REQUIRED" })
    .min(1, { error: "PASSWORD_REQUIRED" })
    .max(PASSWORD_MAX, { error: "WRONG_PASSWORD" }),
  otp: z.string({ error: "INVALID_OTP" }).max(32, { error: "INVALID_OTP" }).optional(),
});

/** POST /api/admin/users/{id}/unfreeze { reason }: the proposal's reason (or the console's memo). */
export const unfreezeProposalSchema = z.object({ reason: reasonField() });
