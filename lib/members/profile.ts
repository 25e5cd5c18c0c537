/** A member's profile as the member and administrators read it (DESIGN.md, "Calls and their shapes"). */
import "server-only";
import { profileOf } from "@/db/queries/users";
import { found } from "@/lib/read";

/** The profile of users.id `id`; 404 when there is none. */
export const profileOrThrow = found(profileOf);
