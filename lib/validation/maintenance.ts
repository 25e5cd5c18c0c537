/** Input schemas of the maintenance calls (lib/maintenance). */
import { z } from "zod";
import { hasControlChars, isSingleLine } from "@/lib/http/body";
import { FEATURES } from "@/lib/maintenance/features";

/** A reason as members read it: one line, 1–300 characters. */
const reason = z
  .string({ message: "REASON_REQUIRED" })
  .trim()
  .min(1, "REASON_REQUIRED")
  .max(300, "VALIDATION")
  .refine(isSingleLine, "INVALID_CHARACTERS")
  .refine((s) => !hasControlChars(s), "INVALID_CHARACTERS");

/** An instant with its offset (`2026-12-01T14:00:00+09:00`, or `Z`); the range is judged by lib/maintenance. */
const instant = z
  .string({ message: "INVALID_UNTIL" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, "INVALID_UNTIL")
  .transform((s) => new Date(s))
  .refine((d) => !Number.isNaN(d.getTime()), "INVALID_UNTIL");

/** POST /api/admin/maintenance: pause one feature with its reason in both languages and the expected end. */
export const pauseSchema = z.object({
  feature: z.enum(FEATURES, { message: "VALIDATION" }),
  reasonKo: reason,
  reasonEn: reason,
  until: instant,
});
export type PauseInput = z.infer<typeof pauseSchema>;
