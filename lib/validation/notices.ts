/**
 * Input schemas of the notice calls (lib/notices). Korean text is required, English optional (a member reading in
 * English falls back to Korean when it is empty). Titles are one line; bodies are markdown (line breaks allowed,
 * other control characters refused). Limits keep both languages of a long Korean notice inside the 64 KB body.
 * Times are ISO-8601 with an offset (the console sends KST wall time as `…+09:00`).
 */
import { z } from "zod";
import { hasControlChars, isSingleLine } from "@/lib/http/body";
import { NOTICE_CATEGORIES } from "@/lib/notices/dto";
import { queryInt } from "./query";

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 8000;

const title = (min: number) =>
  z
    .string({ message: "NOTICE_INVALID_TITLE" })
    .trim()
    .min(min, "NOTICE_INVALID_TITLE")
    .max(NOTICE_TITLE_MAX, "NOTICE_INVALID_TITLE")
    .refine(isSingleLine, "INVALID_CHARACTERS");

const body = (min: number) =>
  z
    .string({ message: "NOTICE_INVALID_BODY" })
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(min, "NOTICE_INVALID_BODY").max(NOTICE_BODY_MAX, "NOTICE_INVALID_BODY"))
    .refine((s) => !hasControlChars(s.replace(/\t/g, " ")), "INVALID_CHARACTERS");

const category = z.enum(NOTICE_CATEGORIES, { message: "NOTICE_INVALID_CATEGORY" });

/** An instant with an explicit offset, between 2000 and 2100 (a typo'd year is refused, not stored). */
const instant = z.iso
  .datetime({ offset: true, message: "NOTICE_INVALID_WINDOW" })
  .transform((s) => new Date(s))
  .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 2100, "NOTICE_INVALID_WINDOW");

/** until after from; a field that failed its own check (zod still runs this refinement) is judged there. */
const windowOk = (from: unknown, until: unknown) =>
  !(from instanceof Date) || !(until instanceof Date) || until.getTime() > from.getTime();

/** POST /api/admin/notices. `publishedFrom` absent: now; `publishedUntil` absent or null: until withdrawn. */
export const createNoticeSchema = z
  .object({
    category,
    titleKo: title(1),
    titleEn: title(0).default(""),
    bodyKo: body(1),
    bodyEn: body(0).default(""),
    pinned: z.boolean({ message: "VALIDATION" }).default(false),
    publishedFrom: instant.optional(),
    publishedUntil: instant.nullable().default(null),
  })
  .refine((n) => windowOk(n.publishedFrom ?? new Date(), n.publishedUntil), {
    message: "NOTICE_INVALID_WINDOW",
    path: ["publishedUntil"],
  });
export type CreateNoticeInput = z.infer<typeof createNoticeSchema>;

/** PATCH /api/admin/notices/{id}: any of the fields, at least one. The window is checked against the stored one. */
export const updateNoticeSchema = z
  .object({
    category: category.optional(),
    titleKo: title(1).optional(),
    titleEn: title(0).optional(),
    bodyKo: body(1).optional(),
    bodyEn: body(0).optional(),
    pinned: z.boolean({ message: "VALIDATION" }).optional(),
    publishedFrom: instant.optional(),
    publishedUntil: instant.nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "VALIDATION", path: ["titleKo"] })
  .refine((n) => windowOk(n.publishedFrom, n.publishedUntil), {
    message: "NOTICE_INVALID_WINDOW",
    path: ["publishedUntil"],
  });
export type UpdateNoticeInput = z.infer<typeof updateNoticeSchema>;

/** ?page&limit of the lists (limit 1–50, default 20). */
export const noticePageSchema = z.object({ page: queryInt(1, 1_000_000), limit: queryInt(20, 50) });

/** The console's list adds ?state=live|scheduled|ended (absent: all). */
export const adminNoticePageSchema = noticePageSchema.extend({
  state: z.enum(["live", "scheduled", "ended"], { message: "VALIDATION" }).optional(),
});
