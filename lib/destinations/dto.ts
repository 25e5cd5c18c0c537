/**
 * What crosses from the destinations code to the screens (client-safe: types only): a destination as the console
 * lists it, the change an administrator asks for, and the four-eyes payload of an unblock.
 */
import type { DESTINATION_KINDS, DESTINATION_STATUSES, TRAVEL_RULE_PARTNERS } from "@/db/schema";
import type { Network } from "@/lib/exchanges";

export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export type TravelRulePartner = (typeof TRAVEL_RULE_PARTNERS)[number];
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export type DestinationDto = {
  id: number;
  name: string;
  networks: Network[];
  kind: DestinationKind;
  travelRulePartner: TravelRulePartner | null;
  status: DestinationStatus;
  /** The memo of the last change. */
  memo: string | null;
  changedAt: string;
  changedBy: { id: number; userId: string } | null;
  createdAt: string;
  /** A pending `destination_unblock` proposal (waiting for a second administrator), else null. */
  pendingUnblock: { proposalId: number; expiresAt: string } | null;
};

/** The fields a change may set besides the status (each left out: unchanged). */
export type DestinationPatch = {
  networks?: Network[];
  kind?: DestinationKind;
  travelRulePartner?: TravelRulePartner | null;
  memo?: string | null;
};

/** A `destination_unblock` proposal: the destination, its name when proposed, and the rest of the change. */
export type UnblockPayload = { destinationId: number; name: string; patch: DestinationPatch };
