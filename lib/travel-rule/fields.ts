/**
 * The Travel Rule's recipient details a member sends with a transfer or withdrawal (POST /api/transfer-requests
 * `travelRule`; SECURITY.md J43): the names the API and the screens share. No server import: the send modal reads
 * it too.
 */
export const RELATIONSHIPS = ["FAMILY", "FRIEND", "COLLEAGUE", "BUSINESS", "OTHER"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** The fields 400 TRAVEL_RULE_REQUIRED names in `missing`, in this order. */
export type TravelRuleField = "recipientName" | "selfOwned" | "relationship";

/** What the request body carries (each part optional here: what is missing is named, not refused as malformed). */
export type TravelRuleInput = { recipientName?: string; selfOwned?: boolean; relationship?: Relationship };

/** Complete details: the relationship only when the recipient is someone other than the member. */
export type TravelRuleDetails = { recipientName: string; selfOwned: boolean; relationship: Relationship | null };

/**
 * The fields still missing: a name (blank counts as none), whether the account is the member's, and — for someone
 * else's account — the relationship. The send modal asks with it what the server would refuse.
 */
export function missingTravelRuleFields(input: TravelRuleInput | undefined): TravelRuleField[] {
  const judged = travelRuleDetailsOf(input);
  return "missing" in judged ? judged.missing : [];
}

/** The complete details (the relationship kept only for someone else's account), or the fields still missing. */
export function travelRuleDetailsOf(
  input: TravelRuleInput | undefined,
): { details: TravelRuleDetails } | { missing: TravelRuleField[] } {
  const recipientName = input?.recipientName?.trim() ?? "";
  const selfOwned = input?.selfOwned;
  const relationship = selfOwned === false ? (input?.relationship ?? null) : null;
  const missing: TravelRuleField[] = [];
  if (!recipientName) missing.push("recipientName");
  if (selfOwned === undefined) missing.push("selfOwned");
  if (selfOwned === false && !relationship) missing.push("relationship");
  if (missing.length || selfOwned === undefined) return { missing };
  return { details: { recipientName, selfOwned, relationship } };
}
