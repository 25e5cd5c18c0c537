/**
 * The depositor name (입금자명) a KRW deposit's bank transfer must carry, so the bank statement says which deposit a
 * credit line pays: the first 3 characters of the member's name (spaces and punctuation removed) and a 4-digit
 * code — 7 characters at most, what a Korean bank prints. It is unique among the deposits still waiting for KRW
 * (PENDING or EXPIRED): the name's row in deposit_names says which deposit holds it, and a new deposit takes a name
 * over only when its holder no longer waits (db/migrations/0020). A taken name means another code is tried.
 */
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "@/db/client";
import { AppError } from "@/lib/errors";

const PREFIX_CHARS = 3;
const CODE_DIGITS = 4;
/** 10,000 codes per prefix: a few tries find a free one unless thousands of one prefix wait at once. */
const ATTEMPTS = 20;

/** The name's part of a depositor name: letters and digits only, its first 3 characters ("WLD" when none). */
export function depositorPrefix(memberName: string): string {
  const chars = Array.from(memberName.normalize("NFC").replace(/[^\p{L}\p{N}]/gu, ""));
  return chars.length ? chars.slice(0, PREFIX_CHARS).join("") : "WLD";
}

/** One candidate: the prefix and 4 random digits. */
export function depositorNameCandidate(memberName: string, code = randomInt(0, 10 ** CODE_DIGITS)): string {
  return `${depositorPrefix(memberName)}${String(code).padStart(CODE_DIGITS, "0")}`;
}

/**
 * A depositor name for deposit `requestId` (inside the transaction that created it), taken in deposit_names and
 * written onto the request. Tries other codes while the name is held by another waiting deposit; 409 CONFLICT if
 * none was free after ATTEMPTS tries.
 */
export async function takeDepositorName(
  tx: Tx,
  args: { requestId: number; memberName: string; random?: () => number },
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const name = depositorNameCandidate(args.memberName, args.random?.());
    const rows = rowsOf<{ request_id: string }>(
      await tx.execute(sql`
        INSERT INTO deposit_names (name, request_id) VALUES (${name}, ${args.requestId})
        ON CONFLICT (name) DO UPDATE SET request_id = EXCLUDED.request_id, taken_at = now()
          WHERE NOT EXISTS (SELECT 1 FROM requests r
            WHERE r.id = deposit_names.request_id AND r.status IN ('PENDING', 'EXPIRED'))
        RETURNING request_id::text AS request_id`),
    );
    if (Number(rows[0]?.request_id) !== args.requestId) continue;
    await tx.execute(sql`UPDATE requests SET depositor_name = ${name} WHERE id = ${args.requestId}`);
    return name;
  }
  throw new AppError("CONFLICT");
}
