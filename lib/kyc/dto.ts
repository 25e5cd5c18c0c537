/**
 * A member's ID verification as the API answers it: the member's own state, and the console's review view (the
 * state with every submission). Screens import these from here, never from db/ (components never import @/db); the
 * queries that build them define them, because db/ imports nothing from lib/.
 */
export type { AdminIdDocumentDto, IdVerificationDto } from "@/db/queries/id-documents";
export type { IdStatus } from "@/db/schema";
