/**
 * Input schemas of the destination calls (lib/destinations). Network, kind, partner and status values are matched
 * case-insensitively; a name is what a wallet address carries between its bars, so it holds no bar.
 */
import { z } from "zod";
import { DESTINATION_KINDS, DESTINATION_STATUSES, TRAVEL_RULE_PARTNERS } from "@/db/schema";
import { hasControlChars, isSingleLine } from "@/lib/http/body";
import { NETWORKS, PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { reasonField } from "./proposals";

const upper = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string({ message: "VALIDATION" })
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.enum(values as unknown as [T, ...T[]], { message: "VALIDATION" }));

/** An exchange's name: 1–50 letters, digits, spaces and `. & _ -`, starting with a letter or digit. */
const name = z
  .string({ message: "VALIDATION" })
  .trim()
  .min(1, "VALIDATION")
  .max(50, "VALIDATION")
  .refine(isSingleLine, "INVALID_CHARACTERS")
  .refine((s) => /^[\p{L}\p{N}][\p{L}\p{N} .&_-]*$/u.test(s), "VALIDATION")
  .refine((s) => s.toUpperCase() !== PERSONAL_EXCHANGE, "VALIDATION");

/** One or more networks, each once, kept in NETWORKS order. */
const networks = z
  .array(upper(NETWORKS), { message: "VALIDATION" })
  .min(1, "VALIDATION")
  .max(NETWORKS.length * 2, "VALIDATION")
  .transform((list) => NETWORKS.filter((n) => list.includes(n)));

const memo = z
  .string({ message: "VALIDATION" })
  .trim()
  .max(500, "VALIDATION")
  .refine((s) => !hasControlChars(s), "INVALID_CHARACTERS")
  .transform((s) => s || null)
  .nullable();

const fields = {
  networks,
  kind: upper(DESTINATION_KINDS),
  travelRulePartner: upper(TRAVEL_RULE_PARTNERS).nullable(),
  memo,
  status: upper(DESTINATION_STATUSES),
  /** Four-eyes: allowing a destination is a proposal with a reason (else the memo, else the x-audit-memo). */
  reason: reasonField(),
};

/** POST /api/admin/destinations: a new destination starts BLOCKED; `status: "ALLOWED"` proposes allowing it. */
export const createDestinationSchema = z.object({
  name,
  networks: fields.networks,
  kind: fields.kind,
  travelRulePartner: fields.travelRulePartner.default(null),
  memo: fields.memo.default(null),
  status: fields.status.default("BLOCKED"),
  reason: fields.reason,
});
export type CreateDestinationInput = z.infer<typeof createDestinationSchema>;

/** PATCH /api/admin/destinations/{id}: any of the fields, at least one (the name stays: addresses carry it). */
export const updateDestinationSchema = z
  .object({
    networks: fields.networks.optional(),
    kind: fields.kind.optional(),
    travelRulePartner: fields.travelRulePartner.optional(),
    memo: fields.memo.optional(),
    status: fields.status.optional(),
    reason: fields.reason,
  })
  .refine((p) => Object.entries(p).some(([k, v]) => k !== "reason" && v !== undefined), {
    message: "VALIDATION",
    path: ["status"],
  });
export type UpdateDestinationInput = z.infer<typeof updateDestinationSchema>;
