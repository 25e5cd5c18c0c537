/**
 * What an OPEN fraud case holds (./rules.ts): its request cannot be approved (409 CASE_OPEN) until the case is
 * cleared — a report rejects it instead — and, for a referral burst, its members' ID approvals (the KYC reward).
 * Both are one indexed read inside the caller's transaction, after it locked the member's row.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import { AppError } from "@/lib/errors";

export async function refuseWhileCaseOpen(tx: DbOrTx, requestId: number): Promise<void> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`SELECT id::text FROM fraud_cases WHERE request_id = ${requestId} AND status = 'OPEN' LIMIT 1`),
  );
  if (rows[0]) throw new AppError("CASE_OPEN", { caseId: Number(rows[0].id) });
}

/** A member who signed up in a referral burst whose case is OPEN: no ID approval (and so no KYC reward) until it closes. */
export async function refuseKycWhileBurstOpen(tx: DbOrTx, userId: number): Promise<void> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`SELECT id::text FROM fraud_cases WHERE status = 'OPEN' AND rule_key = 'referral_burst'
      AND evidence -> 'members' @> to_jsonb(${userId}::integer) LIMIT 1`),
  );
  if (rows[0]) throw new AppError("CASE_OPEN", { caseId: Number(rows[0].id) });
}
