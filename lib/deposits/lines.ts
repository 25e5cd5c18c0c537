/**
 * Reading bank statement lines and uploads as the admin screens see them (lib/deposits/dto.ts). Reads only; the
 * changes are in ./match.ts.
 */
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DbOrTx, getDb } from "@/db/client";
import { bankStatementLines, bankStatementUploads, requests, users } from "@/db/schema";
import type { BankLineDto, BankLineStatusDto, BankLinesPageDto, BankUploadDto } from "./dto";

const resolver = alias(users, "resolver");
const owner = alias(users, "owner");
const uploader = alias(users, "uploader");

const lineColumns = {
  id: bankStatementLines.id,
  uploadId: bankStatementLines.uploadId,
  lineNo: bankStatementLines.lineNo,
  occurredAt: bankStatementLines.occurredAt,
  depositorName: bankStatementLines.depositorName,
  amountKrw: sql<string>`${bankStatementLines.amountKrw}::text`,
  balanceKrw: sql<string | null>`${bankStatementLines.balanceKrw}::text`,
  status: bankStatementLines.status,
  reviewReason: bankStatementLines.reviewReason,
  lineKey: bankStatementLines.lineKey,
  requestId: requests.id,
  requestUserId: owner.userId,
  requestName: owner.name,
  requestKrw: sql<string | null>`trim_scale(${requests.krwAmount})::text`,
  requestDepositorName: requests.depositorName,
  // A PENDING deposit past its quote reads EXPIRED, as everywhere (db/queries/requests.ts).
  requestStatus: sql<string | null>`(CASE WHEN ${requests.status} = 'PENDING' AND ${requests.quoteExpiresAt} <= now()
    THEN 'EXPIRED' ELSE ${requests.status}::text END)`,
  resolvedBy: resolver.userId,
  resolvedAt: bankStatementLines.resolvedAt,
  resolutionNote: bankStatementLines.resolutionNote,
  createdAt: bankStatementLines.createdAt,
};

function lineDto(r: {
  id: number;
  uploadId: number;
  lineNo: number;
  occurredAt: Date;
  depositorName: string;
  amountKrw: string;
  balanceKrw: string | null;
  status: BankLineStatusDto;
  reviewReason: BankLineDto["reviewReason"];
  requestId: number | null;
  requestUserId: string | null;
  requestName: string | null;
  requestKrw: string | null;
  requestDepositorName: string | null;
  requestStatus: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  resolutionNote: string | null;
  createdAt: Date;
}): BankLineDto {
  return {
    id: r.id,
    uploadId: r.uploadId,
    lineNo: r.lineNo,
    occurredAt: r.occurredAt.toISOString(),
    depositorName: r.depositorName,
    amountKrw: r.amountKrw,
    balanceKrw: r.balanceKrw,
    status: r.status,
    reviewReason: r.reviewReason,
    request:
      r.requestId === null
        ? null
        : {
            id: r.requestId,
            userId: r.requestUserId ?? "",
            name: r.requestName ?? "",
            krwAmount: r.requestKrw,
            depositorName: r.requestDepositorName,
            status: r.requestStatus ?? "",
          },
    resolvedBy: r.resolvedBy,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolutionNote: r.resolutionNote,
    createdAt: r.createdAt.toISOString(),
  };
}

function selectLines(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(lineColumns)
    .from(bankStatementLines)
    .leftJoin(requests, eq(requests.id, bankStatementLines.requestId))
    .leftJoin(owner, eq(owner.id, requests.userId))
    .leftJoin(resolver, eq(resolver.id, bankStatementLines.resolvedBy))
    .where(where);
}

/** One line as the screens see it, or null. */
export async function bankLineById(db: DbOrTx, id: number): Promise<BankLineDto | null> {
  const [r] = await selectLines(db, eq(bankStatementLines.id, id));
  return r ? lineDto(r) : null;
}

/** The stored lines with these keys, in the order of the keys (a statement's lines, whichever upload stored them). */
export async function bankLinesByKeys(db: DbOrTx, keys: string[]): Promise<BankLineDto[]> {
  const byKey = new Map<string, BankLineDto>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await selectLines(db, inArray(bankStatementLines.lineKey, keys.slice(i, i + 1000)));
    for (const r of rows) byKey.set(r.lineKey, lineDto(r));
  }
  return keys.flatMap((k) => byKey.get(k) ?? []);
}

/** The latest uploads, newest first. */
export async function latestUploads(db: DbOrTx, limit = 20): Promise<BankUploadDto[]> {
  const rows = await db
    .select({
      id: bankStatementUploads.id,
      fileName: bankStatementUploads.fileName,
      encoding: bankStatementUploads.encoding,
      linesTotal: bankStatementUploads.linesTotal,
      linesNew: bankStatementUploads.linesNew,
      matched: bankStatementUploads.matched,
      review: bankStatementUploads.review,
      uploadedBy: uploader.userId,
      createdAt: bankStatementUploads.createdAt,
    })
    .from(bankStatementUploads)
    .innerJoin(uploader, eq(uploader.id, bankStatementUploads.uploadedBy))
    .orderBy(desc(bankStatementUploads.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * GET /api/admin/deposits/bank: the lines of one status (all when none), newest first, a page of them, with their
 * total and the latest 20 uploads.
 */
export async function listBankLines(args: {
  status?: BankLineStatusDto;
  page: number;
  limit: number;
}): Promise<BankLinesPageDto> {
  const db = await getDb();
  const where = args.status ? and(eq(bankStatementLines.status, args.status)) : undefined;
  const [rows, [total], uploads] = await Promise.all([
    selectLines(db, where)
      .orderBy(desc(bankStatementLines.occurredAt), desc(bankStatementLines.id))
      .limit(args.limit)
      .offset((args.page - 1) * args.limit),
    db.select({ n: count() }).from(bankStatementLines).where(where),
    latestUploads(db),
  ]);
  return { items: rows.map((r) => lineDto(r)), total: Number(total?.n ?? 0), uploads };
}
