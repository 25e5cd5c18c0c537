/** Query-string numbers shared by the list routes. */
import { z } from "zod";

/** A whole number ≥ 1 written in digits only (at most `max`), or `fallback` when absent; else 400 VALIDATION. */
export const queryInt = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "VALIDATION")
    .transform((s) => Number.parseInt(s, 10))
    .pipe(z.number().int().min(1, "VALIDATION").max(max, "VALIDATION"))
    .optional()
    .transform((v) => v ?? fallback);
