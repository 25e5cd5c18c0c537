/**
 * The bank statement decides (KRW deposits): each credit line of an uploaded statement is kept once and matched to
 * the deposit whose depositor name (입금자명) it carries, by that name and the exact KRW — never guessed:
 *
 *   no deposit holds the name                               → REVIEW UNKNOWN_NAME
 *   the same line again in the file                         → REVIEW DUPLICATE_LINE
 *   the deposit was cancelled or rejected (or its member
 *   deactivated)                                            → REVIEW REQUEST_CLOSED
 *   the deposit was already paid by a line, credited, or its
 *   credit waits for a second administrator                 → REVIEW ALREADY_USED
 *   other KRW than the deposit asked                        → REVIEW AMOUNT_MISMATCH
 *   paid (거래일시, Korean time) after the quote ran out     → REVIEW LATE
 *   else                                                    → MATCHED: the deposit's approval by the uploader,
 *     through the same path as PATCH /api/admin/requests/{id} (lib/wallet/deposit-approval.ts: the KRW received at
 *     the quoted price, four-eyes above the limit — the line stays MATCHED with the request while the proposal
 *     waits). A deposit the uploader may not credit themself (their own, or an ADMIN's upload paying a SUPERADMIN's
 *     deposit) always becomes a proposal.
 *
 * Each line runs in its own transaction, and its identity (line_key, unique) is inserted first with ON CONFLICT DO
 * NOTHING: the same statement uploaded twice — also twice at once — stores and applies each line once (the second
 * insert waits for the first and then does nothing). One MATCHED line per deposit is a unique index besides.
 * Lock order: the line, the member's users row, the request, then what the approval takes (four-eyes, ledger).
 * A person resolves a REVIEW line: matched to a deposit they name (its KRW as the KRW received; the quoted price
 * when it arrived in time, a fresh one after) or dismissed with a reason.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type Db, getDb, rowsOf, type Tx } from "@/db/client";
import { pendingDepositProposals, type RequestDto } from "@/db/queries/requests";
import { bankStatementLines, bankStatementUploads, type Coin, type Role, requests, users } from "@/db/schema";
import type { ProposalDto } from "@/lib/admin/proposals";
import { audit, type RequestMeta } from "@/lib/audit";
import { targetRefusal } from "@/lib/auth/permissions";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { D } from "@/lib/money";
import { approveDepositRequest } from "@/lib/wallet/deposit-approval";
import { expireStaleQuotes, freshDepositPriceOrThrow } from "@/lib/wallet/deposit-quotes";
import { memberRowForShare } from "@/lib/wallet/member-row";
import type { BankLineDto, BankReviewReasonDto, BankUploadResultDto } from "./dto";
import { bankLineById, bankLinesByKeys } from "./lines";
import { parseStatement, type StatementLine } from "./statement";

type Admin = { id: number; role: Role } & Partial<RequestMeta>;
type Outcome =
  | { status: "MATCHED"; requestId: number }
  | { status: "REVIEW"; reason: BankReviewReasonDto; requestId: number | null };

/** Bank clocks print minutes (and differ from ours a little): a deposit counts as made this much before its line. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * The deposit a line's depositor name points to: the latest deposit carrying it made before the line's time (a name
 * goes to a new deposit once its holder stops waiting, so an old line still points to the deposit it paid), or null.
 */
async function depositNamed(tx: Tx, line: StatementLine): Promise<{ id: number; userId: number } | null> {
  const before = new Date(line.occurredAt.getTime() + CLOCK_SLACK_MS).toISOString();
  const [r] = rowsOf<{ id: string; user_id: number }>(
    await tx.execute(sql`
      SELECT id::text AS id, user_id FROM requests
      WHERE depositor_name = ${line.depositorName} AND type = 'DEPOSIT' AND created_at <= ${before}::timestamptz
      ORDER BY created_at DESC, id DESC LIMIT 1`),
  );
  return r ? { id: Number(r.id), userId: r.user_id } : null;
}

/** Whether `admin` may credit `userId` themself (else the credit always waits for a second administrator). */
async function mayCredit(tx: Tx, admin: Admin, userId: number): Promise<"yes" | "propose" | "closed"> {
  const [m] = await tx.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, userId));
  if (!m) return "closed";
  const refusal = targetRefusal(admin, { id: userId, role: m.role, status: m.status }, "request.decide");
  return refusal === "deactivated" ? "closed" : refusal ? "propose" : "yes";
}

/** The rules above for one new line (its row inserted as REVIEW): what it becomes; a match is approved here. */
async function judgeLine(tx: Tx, admin: Admin, line: StatementLine, lineId: number): Promise<Outcome> {
  const named = await depositNamed(tx, line);
  if (!named) return { status: "REVIEW", reason: "UNKNOWN_NAME", requestId: null };
  const review = (reason: BankReviewReasonDto): Outcome => ({ status: "REVIEW", reason, requestId: named.id });
  if (line.occurrence > 1) return review("DUPLICATE_LINE");
  await memberRowForShare(tx, named.userId);
  await expireStaleQuotes(tx, { id: named.id });
  const [r] = await tx
    .select({
      status: requests.status,
      krwAmount: requests.krwAmount,
      quoteExpiresAt: requests.quoteExpiresAt,
      bankLineId: requests.bankLineId,
    })
    .from(requests)
    .where(eq(requests.id, named.id))
    .for("update");
  if (!r) return { status: "REVIEW", reason: "UNKNOWN_NAME", requestId: null };
  const who = await mayCredit(tx, admin, named.userId);
  if (r.status === "REJECTED" || r.status === "CANCELLED" || who === "closed") return review("REQUEST_CLOSED");
  const waiting = await pendingDepositProposals(tx, { requestIds: [named.id], at: now() });
  if (r.bankLineId !== null || waiting.size > 0 || (r.status !== "PENDING" && r.status !== "EXPIRED"))
    return review("ALREADY_USED");
  if (!new D(r.krwAmount ?? "0").eq(line.amountKrw)) return review("AMOUNT_MISMATCH");
  if (!r.quoteExpiresAt || line.occurredAt.getTime() > r.quoteExpiresAt.getTime()) return review("LATE");
  await approveDepositRequest(tx, {
    id: named.id,
    userId: named.userId,
    adminId: admin.id,
    adminRole: admin.role,
    action: "APPROVE",
    reason: null,
    krwReceived: new D(line.amountKrw),
    reprice: null,
    paidOnTime: true,
    bankLineId: lineId,
    proposeOnly: who === "propose",
    ip: admin.ip,
    requestId: admin.requestId,
  });
  return { status: "MATCHED", requestId: named.id };
}

/** One credit line, in its own transaction: stored once (null when an earlier upload has it), judged, applied. */
async function applyLine(db: Db, admin: Admin, uploadId: number, line: StatementLine): Promise<Outcome | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankStatementLines)
      .values({
        uploadId,
        lineKey: line.lineKey,
        lineNo: line.lineNo,
        occurredAt: line.occurredAt,
        depositorName: line.depositorName,
        amountKrw: line.amountKrw,
        balanceKrw: line.balanceKrw,
        raw: line.raw,
        status: "REVIEW",
        reviewReason: "UNKNOWN_NAME",
      })
      .onConflictDoNothing({ target: bankStatementLines.lineKey })
      .returning({ id: bankStatementLines.id });
    if (!row) return null;
    const outcome = await judgeLine(tx, admin, line, row.id);
    await tx
      .update(bankStatementLines)
      .set(
        outcome.status === "MATCHED"
          ? { status: "MATCHED", reviewReason: null, requestId: outcome.requestId }
          : { reviewReason: outcome.reason, requestId: outcome.requestId },
      )
      .where(eq(bankStatementLines.id, row.id));
    return outcome;
  });
}

/**
 * POST /api/admin/deposits/bank: reads the statement (400 BANK_STATEMENT_INVALID before anything is stored when any
 * line is bad), records the upload, then stores, judges and applies each credit line in its own transaction.
 * Answers the upload's figures and the stored state of every credit line of the file.
 */
export async function uploadStatement(args: {
  bytes: Uint8Array;
  fileName: string;
  admin: Admin;
}): Promise<BankUploadResultDto> {
  const { encoding, lines } = parseStatement(args.bytes);
  const db = await getDb();
  const fileName = args.fileName.replace(/\p{Cc}/gu, "").slice(0, 200) || "statement.csv";
  const [upload] = await db
    .insert(bankStatementUploads)
    .values({
      fileName,
      fileSha256: createHash("sha256").update(args.bytes).digest("hex"),
      encoding,
      uploadedBy: args.admin.id,
      linesTotal: lines.length,
    })
    .returning({ id: bankStatementUploads.id });
  const uploadId = upload!.id;
  let linesNew = 0;
  let matched = 0;
  let review = 0;
  for (const line of lines) {
    const outcome = await applyLine(db, args.admin, uploadId, line);
    if (!outcome) continue;
    linesNew += 1;
    if (outcome.status === "MATCHED") matched += 1;
    else review += 1;
  }
  const figures = { linesTotal: lines.length, linesNew, matched, review };
  await db.transaction(async (tx) => {
    await tx.update(bankStatementUploads).set(figures).where(eq(bankStatementUploads.id, uploadId));
    await audit(tx, {
      action: "bank.statement_upload",
      actorId: args.admin.id,
      targetId: uploadId,
      ip: args.admin.ip ?? null,
      requestId: args.admin.requestId ?? null,
      after: { uploadId, fileName, encoding, ...figures },
    });
  });
  return {
    upload: { id: uploadId, fileName, encoding, ...figures },
    lines: await bankLinesByKeys(
      db,
      lines.map((l) => l.lineKey),
    ),
  };
}

export type ResolveInput = { action: "match"; requestId: number } | { action: "dismiss"; reason: string };
export type ResolveOutcome = { line: BankLineDto; request?: RequestDto; proposal?: ProposalDto };

/**
 * The fresh price a `match` needs when the line's KRW arrived after the deposit's quote ran out; read before the
 * transaction opens (a slow feed must not hold locks). Null when none is needed (or line/request unknown: the
 * resolution answers 404 then).
 */
export async function resolveRepriceFor(lineId: number, input: ResolveInput) {
  if (input.action !== "match") return null;
  const db = await getDb();
  const [r] = await db
    .select({
      coin: requests.coinSymbol,
      type: requests.type,
      expires: requests.quoteExpiresAt,
      at: bankStatementLines.occurredAt,
    })
    .from(bankStatementLines)
    .innerJoin(requests, eq(requests.id, input.requestId))
    .where(eq(bankStatementLines.id, lineId));
  if (r?.type !== "DEPOSIT" || (r.expires && r.at.getTime() <= r.expires.getTime())) return null;
  return { coin: r.coin, priceKrw: await freshDepositPriceOrThrow(r.coin) };
}

/**
 * A person resolves a REVIEW line (404 unknown, 409 CONFLICT when it is no longer in review):
 * - match: the deposit `requestId` (404 when it is none; 403 SELF_ACTION / FORBIDDEN under the target rules; 409
 *   when a line already paid it) is approved with the line's KRW as the KRW received — the same path and four-eyes
 *   as PATCH; the line becomes MATCHED with it;
 * - dismiss: DISMISSED with the reason.
 * Audited (bank.line_match, bank.line_dismiss); the credit's own audit row carries the line.
 */
export async function resolveLine(
  tx: Tx,
  args: { lineId: number; input: ResolveInput; admin: Admin; reprice: { coin: Coin; priceKrw: string } | null },
): Promise<ResolveOutcome> {
  const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, args.lineId)).for("update");
  if (!line) throw new AppError("NOT_FOUND");
  if (line.status !== "REVIEW") throw new AppError("CONFLICT");
  const at = now();
  const meta = { ip: args.admin.ip ?? null, requestId: args.admin.requestId ?? null };
  if (args.input.action === "dismiss") {
    const reason = args.input.reason;
    await tx
      .update(bankStatementLines)
      .set({ status: "DISMISSED", resolvedBy: args.admin.id, resolvedAt: at, resolutionNote: reason })
      .where(and(eq(bankStatementLines.id, line.id), eq(bankStatementLines.status, "REVIEW")));
    await audit(tx, {
      action: "bank.line_dismiss",
      actorId: args.admin.id,
      targetId: line.id,
      ...meta,
      before: { status: "REVIEW", reviewReason: line.reviewReason },
      after: { status: "DISMISSED", reason },
    });
    return { line: (await bankLineById(tx, line.id))! };
  }
  const requestId = args.input.requestId;
  const [req] = await tx
    .select({ userId: requests.userId, type: requests.type, bankLineId: requests.bankLineId })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (req?.type !== "DEPOSIT") throw new AppError("NOT_FOUND");
  const [m] = await tx.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, req.userId));
  const refusal = m && targetRefusal(args.admin, { id: req.userId, role: m.role, status: m.status }, "request.decide");
  if (!m || refusal === "deactivated") throw new AppError("NOT_FOUND");
  if (refusal) throw new AppError(refusal === "self-action" ? "SELF_ACTION" : "FORBIDDEN");
  if (req.bankLineId !== null) throw new AppError("CONFLICT");
  const decision = await approveDepositRequest(tx, {
    id: requestId,
    userId: req.userId,
    adminId: args.admin.id,
    adminRole: args.admin.role,
    action: "APPROVE",
    reason: null,
    krwReceived: new D(line.amountKrw),
    reprice: args.reprice,
    // The quote's time against the line's: paid on time is credited at the quoted price, else at `reprice`.
    paidOnTime: await paidOnTime(tx, requestId, line.occurredAt),
    bankLineId: line.id,
    ip: args.admin.ip,
    requestId: args.admin.requestId,
  });
  await tx
    .update(bankStatementLines)
    .set({ status: "MATCHED", reviewReason: null, requestId, resolvedBy: args.admin.id, resolvedAt: at })
    .where(eq(bankStatementLines.id, line.id));
  await audit(tx, {
    action: "bank.line_match",
    actorId: args.admin.id,
    targetUserId: req.userId,
    targetId: line.id,
    ...meta,
    before: { status: "REVIEW", reviewReason: line.reviewReason },
    after: { status: "MATCHED", requestId, ...("proposal" in decision ? { proposal: decision.proposal.id } : {}) },
  });
  return { line: (await bankLineById(tx, line.id))!, ...decision };
}

async function paidOnTime(tx: Tx, requestId: number, occurredAt: Date): Promise<boolean> {
  const [r] = await tx.select({ expires: requests.quoteExpiresAt }).from(requests).where(eq(requests.id, requestId));
  return !!r?.expires && occurredAt.getTime() <= r.expires.getTime();
}
