/**
 * A request as its member reads it (the history, the receipt, the timeline), as the console's queue reads it, and
 * the proof it carries (the bank statement that paid a deposit, the transaction that paid a transfer or
 * withdrawal); a transaction of the history, as the member and the console read it. Screens import these from here, not from db/ (the layers: components never import @/db); the queries
 * that build them define them.
 */
export type {
  DepositProofDto,
  PayoutProofDto,
  RequestDto,
  TimelineEventDto,
} from "@/db/queries/requests";
export type { AdminQueueRowDto } from "@/db/queries/admin-requests";
export type { AdminTransactionDto, TransactionDto } from "@/db/queries/transactions";
export type { RequestStatus, RequestType } from "@/db/schema";
