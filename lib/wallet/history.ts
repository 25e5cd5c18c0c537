/** What members and administrators read about money movements: history rows, requests and their timelines. */
import "server-only";
import { hasPending, requestTimeline } from "@/db/queries/requests";
import { adminTransactions, memberTransactions } from "@/db/queries/transactions";
import { reader, replicaReader } from "@/lib/read";

/** The member's visible history (rows hidden by an administrator left out), newest first. */
export const memberHistory = reader(memberTransactions);
/** A member's whole history for administrators, hidden rows marked (a console list: the replica when current). */
export const adminHistory = replicaReader(adminTransactions);
/** Whether the member has a PENDING request of this coin and type. */
export const hasPendingRequest = reader(hasPending);
/** Every status change of a request (actor handles for administrators only). */
export const requestTimelineOf = reader(requestTimeline);
