/**
 * CSV exports of the admin lists (members, requests, audit rows) under the list's own filter.
 *
 * - UTF-8 with a byte-order mark, so Excel opens Korean correctly; written by csv-stringify (quoting, embedded
 *   quotes and line breaks) in chunks of CHUNK rows into a streamed body.
 * - Formula injection: a cell starting with =, +, -, @ (or their fullwidth forms ＝ ＋ － ＠, which spreadsheets
 *   fold to ASCII), a tab or a carriage return is prefixed with ' so a spreadsheet shows it as text instead of
 *   running it — except a plain decimal number such as "-12.5", which stays a number a tax sheet can add up.
 * - At most MAX_EXPORT_ROWS rows (the list's order), read by one bounded query, and only the rows the list shows
 *   the same administrator (an ADMIN's export has no SUPERADMIN account, ./lists.ts).
 * - Every export writes an audit row `admin.export.<kind>` with the filter and the number of rows (on the primary);
 *   the rows themselves are read from the read replica when one is current (lib/read.ts `readStale`: long reads
 *   that may be seconds stale, docs/scaling.md "Read replicas").
 * - Headers in Korean by default, in English with `?lang=en` (messages/<locale>/auditLog.json `csv.<kind>.*`); the
 *   audit CSV adds each row's sentence and changed fields in words (lib/admin/audit-text.ts) beside the raw JSON.
 */
import "server-only";
import { stringify } from "csv-stringify/sync";
import { createTranslator } from "next-intl";
import { getDb } from "@/db/client";
import { auditExportRows, type AuditFilter } from "@/db/queries/admin-audit";
import { type AdminRequestFilter, adminRequestExportRows } from "@/db/queries/admin-requests";
import { requestDecisions } from "@/db/queries/admin-request-decisions";
import { memberExportRows } from "@/db/queries/members";
import { type AuditT, auditSentence, changeRows } from "@/lib/admin/audit-text";
import { audit, type RequestMeta } from "@/lib/audit";
import { auditActionKey } from "@/lib/audit-actions";
import type { Locale } from "@/lib/i18n/config";
import { MESSAGES } from "@/lib/i18n/messages";
import { readStale } from "@/lib/read";
import { scopeOf, type Viewer } from "./lists";

export const MAX_EXPORT_ROWS = 100_000;
const CHUNK = 1000;
const BOM = "\uFEFF";

/** What makes a spreadsheet read a cell as a formula: =, +, -, @, their fullwidth forms, a tab or a CR. */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/;
/** A negative amount or KRW value as the exports write it: read as that number, nothing to run. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell a spreadsheet would read as a formula gets a leading apostrophe; a plain number stays a number. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/** KST wall time "YYYY-MM-DD HH:mm:ss" of an ISO instant. */
export const kst = (iso: string) =>
  new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

type Table = { header: string[]; rows: unknown[][] };

/** The AuditLog words of a CSV's language. */
const wordsOf = (lang: Locale) =>
  createTranslator({ locale: lang, messages: MESSAGES[lang], namespace: "AuditLog" }) as unknown as AuditT;

/** A CSV's header row in its language, from the column ids. */
const headerOf = (t: AuditT, kind: "members" | "requests" | "audit", cols: readonly string[]) =>
  cols.map((c) => t(`csv.${kind}.${c}`));

/** A streamed CSV attachment (BOM, formula-safe cells, CHUNK rows at a time); also the members' own exports. */
export function csvResponse(kind: string, table: Table): Response {
  let i = -1;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === -1) {
        controller.enqueue(encoder.encode(BOM + stringify([table.header.map(safeCell)], { record_delimiter: "\r\n" })));
        i = 0;
        return;
      }
      if (i >= table.rows.length) return controller.close();
      const chunk = table.rows.slice(i, i + CHUNK).map((r) => r.map(safeCell));
      i += CHUNK;
      controller.enqueue(encoder.encode(stringify(chunk, { record_delimiter: "\r\n" })));
    },
  });
  const stamp = kst(new Date().toISOString()).replace(/[-: ]/g, "").slice(0, 12);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${kind}-${stamp}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

async function audited(
  kind: "members" | "requests" | "audit",
  actor: Viewer,
  filter: object,
  rows: number,
  meta: RequestMeta,
) {
  await audit(await getDb(), {
    action: `admin.export.${kind}`,
    actorId: actor.id,
    ...meta,
    after: { filter, rows },
  });
}

/** GET /api/admin/export/members: the member list's filter (search, phone), newest first. */
export async function exportMembers(
  actor: Viewer,
  filter: { search: string; phone: string },
  meta: RequestMeta,
  lang: Locale = "ko",
) {
  const rows = await readStale((db) => memberExportRows(db, { ...filter, ...scopeOf(actor), max: MAX_EXPORT_ROWS }));
  await audited("members", actor, filter, rows.length, meta);
  return csvResponse("members", {
    header: headerOf(wordsOf(lang), "members", [
      "userId",
      "name",
      "phone",
      "idStatus",
      "holdingWld",
      "stakedWld",
      "createdAtKst",
      "role",
      "refCode",
    ]),
    rows: rows.map((m) => [
      m.userId,
      m.name,
      m.phone,
      m.idStatus,
      m.holdingWld,
      m.stakedWld,
      kst(m.createdAt),
      m.role,
      m.refCode,
    ]),
  });
}

/**
 * GET /api/admin/export/requests: the queue's filter (type, status, search), PENDING first, then oldest first; with
 * each payout's hash and its check (VERIFIED, or UNVERIFIED: 확인 불가), each deposit's 입금자명, the KRW received
 * and the bank statement line that paid it (id, KST time, KRW); who approved or rejected it and when (the first
 * decision by a person, from request_events).
 */
export async function exportRequests(
  actor: Viewer,
  filter: AdminRequestFilter,
  meta: RequestMeta,
  lang: Locale = "ko",
) {
  const { rows, decisions } = await readStale(async (db) => {
    const rows = await adminRequestExportRows(db, { ...filter, ...scopeOf(actor), max: MAX_EXPORT_ROWS });
    return {
      rows,
      decisions: await requestDecisions(
        db,
        rows.map((r) => r.id),
      ),
    };
  });
  await audited("requests", actor, filter, rows.length, meta);
  return csvResponse("requests", {
    header: headerOf(wordsOf(lang), "requests", [
      "id",
      "type",
      "status",
      "userId",
      "name",
      "coin",
      "amount",
      "fee",
      "total",
      "krwValue",
      "priceKrw",
      "network",
      "exchange",
      "address",
      "reason",
      "createdAtKst",
      "decidedBy",
      "decidedAtKst",
      "txHash",
      "payoutCheck",
      "paidAtKst",
      "depositorName",
      "krwReceived",
      "bankLineId",
      "bankLineAtKst",
      "bankLineKrw",
    ]),
    rows: rows.map((r) => [
      r.id,
      r.type,
      r.status,
      r.user.userId,
      r.user.name,
      r.coinSymbol,
      r.amount,
      r.fee,
      r.total,
      r.krwValue,
      r.priceKrw,
      r.wallet?.network,
      r.wallet?.exchange,
      r.wallet?.address,
      r.reason,
      kst(r.createdAt),
      decisions.get(r.id)?.by,
      decisions.get(r.id) ? kst(decisions.get(r.id)!.at) : null,
      r.payout?.txHash,
      r.payout?.check,
      r.payout?.paidAt ? kst(r.payout.paidAt) : null,
      r.deposit?.depositorName,
      r.deposit?.krwReceived,
      r.deposit?.bankLine?.id,
      r.deposit?.bankLine ? kst(r.deposit.bankLine.occurredAt) : null,
      r.deposit?.bankLine?.amountKrw,
    ]),
  });
}

/** GET /api/admin/export/audit: the audit list's filter, newest first; each row in words and as stored. */
export async function exportAudit(actor: Viewer, filter: AuditFilter, meta: RequestMeta, lang: Locale = "ko") {
  const rows = await readStale((db) => auditExportRows(db, { ...filter, max: MAX_EXPORT_ROWS }));
  await audited("audit", actor, filter, rows.length, meta);
  const t = wordsOf(lang);
  const actionWords = (a: string) => (t.has(`action.${auditActionKey(a)}`) ? t(`action.${auditActionKey(a)}`) : a);
  return csvResponse("audit", {
    header: headerOf(t, "audit", [
      "id",
      "atKst",
      "action",
      "description",
      "changes",
      "actor",
      "target",
      "targetId",
      "memo",
      "ip",
      "actionCode",
      "before",
      "after",
    ]),
    rows: rows.map((r) => [
      r.id,
      kst(r.at),
      actionWords(r.action),
      auditSentence(t, r),
      changeRows(t, r)
        .map((c) => `${c.field}: ${c.before} → ${c.after}`)
        .join(" / "),
      r.actor?.userId ?? r.actor?.id,
      r.target?.userId ?? r.target?.id,
      r.targetId,
      r.memo,
      r.ip,
      r.action,
      r.before,
      r.after,
    ]),
  });
}
