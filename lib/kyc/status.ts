/** A member's ID verification as the member (and administrators) read it. */
import "server-only";
import { adminIdDocumentView, idVerification, storedIdImageUrl } from "@/db/queries/id-documents";
import { found } from "@/lib/read";

/** State, reason, dates, image URL and whether the reward was paid; 404 without such a member. */
export const idVerificationOrThrow = found(idVerification);
/** The URL of the member's stored ID image; 404 when there is none. */
export const idImageUrlOrThrow = found(storedIdImageUrl);
/** The admin review view: state, image URL and every submission; 404 without such a member. */
export const adminIdDocumentOrThrow = found(adminIdDocumentView);
