/**
 * The Travel Rule's answers as the console reads them: a record's row on /admin/travel-rule and its summary on a
 * request of the queue. Screens import them from here, not from db/ (the layers: components never import @/db);
 * the queries that build them define them.
 */
export type { AdminTravelRuleDto } from "@/db/queries/admin-requests";
export type { TravelRuleRowDto } from "@/db/queries/travel-rule";
