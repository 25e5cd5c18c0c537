/** The fraud-case console's inputs (app/api/admin/cases, app/api/admin/fraud-rules). */
import { z } from "zod";
import { pageQuerySchema } from "./wallet";

export const caseListQuerySchema = pageQuerySchema.extend({
  status: z.enum(["OPEN", "CLEARED", "REPORTED"]).optional(),
});

/** POST /api/admin/cases/{id}/decide: cleared or reported, with the reasoning (required, 1–1000 characters). */
export const caseDecisionSchema = z.object({
  decision: z.enum(["CLEAR", "REPORT"], { message: "VALIDATION" }),
  note: z.string({ message: "VALIDATION" }).trim().min(1, "VALIDATION").max(1000, "VALIDATION"),
});

export const caseReportQuerySchema = z.object({ format: z.enum(["json", "csv"]).default("json") });

/** PATCH /api/admin/fraud-rules/{key}: on/off and the whole parameter object (checked per rule: lib/fraud/params.ts). */
export const fraudRuleUpdateSchema = z
  .object({ enabled: z.boolean().optional(), params: z.record(z.string(), z.unknown()).optional() })
  .refine((v) => v.enabled !== undefined || v.params !== undefined, { message: "VALIDATION" });
