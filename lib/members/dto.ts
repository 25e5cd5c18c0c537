/**
 * A member as the API answers it: the profile a member reads of themselves and the console's member list (the
 * profile with WLD balances). Never a password hash. Screens import these from here, never from db/ (components
 * never import @/db); the queries that build them define them, because db/ imports nothing from lib/.
 */
export type { MemberDto, MemberPage } from "@/db/queries/members";
export type { ProfileDto } from "@/db/queries/users";
