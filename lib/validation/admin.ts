/**
 * Query schemas of the admin console's lists and exports (lib/validation/wallet.ts `readQuery` parses a
 * request's query against them: control characters → 400 INVALID_CHARACTERS, a failure → 400 with its code).
 * Every list takes `page` (from 1) and `limit`; the exports take the same filters without them.
 */
import { z } from "zod";
import { queryInt } from "./query";
import { isSingleLine } from "@/lib/http/body";
import { isDay } from "@/lib/kst-day";
import { requestListQuerySchema } from "./wallet";

const uint = queryInt;

const text = (max: number) =>
  z.string().trim().max(max, "VALIDATION").refine(isSingleLine, "INVALID_CHARACTERS").optional().default("");

const ci = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(values as unknown as [T, ...T[]], { message: "VALIDATION" }));

const page = (limit: number, maxLimit: number) => ({ page: uint(1, 1_000_000), limit: uint(limit, maxLimit) });

/** The admin CSV exports' language: Korean headers by default, English with `?lang=en`. */
export const csvLangSchema = z.object({
  lang: z
    .enum(["ko", "en"], { message: "VALIDATION" })
    .optional()
    .transform((l) => l ?? "ko"),
});

/** GET /api/admin/users/paginated and /api/admin/export/members: search (userId or name), phone. */
export const memberFilterSchema = z.object({ search: text(64), phone: text(30) });
export const memberListQuerySchema = memberFilterSchema.extend(page(10, 100));

/** GET /api/admin/id-documents: the pending queue (the only status it lists). */
export const idReviewQuerySchema = z.object({ status: ci(["PENDING"]).optional(), ...page(10, 50) });

/**
 * GET /api/admin/requests (page, limit ≤ 50, status, type, search: a member's ID or name or a deposit's 입금자명)
 * and its export (the same without paging).
 */
export const adminRequestQuerySchema = requestListQuerySchema.extend({ search: text(64) });
export const requestFilterSchema = adminRequestQuerySchema.omit({ page: true, limit: true });

/** GET /api/admin/referral-codes: code or owner's userId fragment. */
export const referralCodeQuerySchema = z.object({ search: text(64), ...page(20, 100) });

const day = z
  .string()
  .refine((d) => isDay(d), "VALIDATION")
  .optional();

/** GET /api/admin/travel-rule (a KST day, today's without one; page, limit ≤ 100) and its exports (json or csv). */
const travelRuleFormat = { format: ci(["JSON", "CSV"]).transform((f) => f.toLowerCase() as "json" | "csv") };
export const travelRuleQuerySchema = z.object({ day, ...page(20, 100) });
export const travelRuleExportQuerySchema = z.object({ day, ...travelRuleFormat });
export const travelRuleRecordQuerySchema = z.object(travelRuleFormat);

/** GET /api/admin/audit and /api/admin/export/audit: actor and target userIds, action, KST days from–to. */
export const auditFilterSchema = z
  .object({
    actor: text(64),
    target: text(64),
    action: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:-]{0,64}$/, "VALIDATION")
      .optional()
      .default(""),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "VALIDATION", path: ["to"] });
export const auditQuerySchema = z.intersection(auditFilterSchema, z.object(page(20, 100)));

export type AuditQuery = z.infer<typeof auditQuerySchema>;
