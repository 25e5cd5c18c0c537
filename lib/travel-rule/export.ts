/**
 * The Travel Rule records for administrators (/admin/travel-rule): a KST day's records as a list, and the records of
 * a day or of one request as JSON or CSV, to submit through the receiving exchange's Travel Rule service (VerifyVASP,
 * CODE).
 *
 * - JSON carries each record's IVMS 101 payload exactly as stored: the database's text of the jsonb is written into
 *   the file unparsed, so what is submitted is byte for byte what was recorded with the request. Beside it: the
 *   request id, its status now and when the record was written.
 * - CSV has one line per record with the flat fields (lib/admin/export.ts csvResponse: UTF-8 BOM, formula-safe
 *   cells). Times in KST.
 * - A day is a KST calendar day (00:00–24:00 Asia/Seoul); without one, today's by the application clock.
 * - Only what the list shows the same administrator (an ADMIN sees no SUPERADMIN account's records, lib/admin/lists).
 * - Every export writes an audit row `admin.export.travel_rule` with what was asked and the number of records.
 */
import "server-only";
import { getDb } from "@/db/client";
import {
  type TravelRuleExportRow,
  travelRuleExportRows,
  travelRuleOfRequest,
  travelRulePage,
} from "@/db/queries/travel-rule";
import { csvResponse, kst, MAX_EXPORT_ROWS } from "@/lib/admin/export";
import { scopeOf, type Viewer } from "@/lib/admin/lists";
import { audit, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { dayEnd, kstDay } from "@/lib/kst-day";

export type TravelRuleFormat = "json" | "csv";

/** The instants a KST day covers: [00:00 KST, next 00:00 KST). */
function windowOf(day: string) {
  return { from: new Date(Date.parse(`${day}T00:00:00+09:00`)), to: dayEnd(day) };
}

/** GET /api/admin/travel-rule: one page of a KST day's records (today's without `day`), oldest first. */
export async function travelRuleList(viewer: Viewer, q: { day?: string; page: number; limit: number }) {
  const day = q.day ?? kstDay(now());
  const page = await travelRulePage(await getDb(), { ...scopeOf(viewer), window: windowOf(day), ...q });
  return { day, ...page };
}

/** One record as the JSON export writes it: the stored payload's own text spliced in, never re-serialized. */
const recordJson = (r: TravelRuleExportRow) =>
  `{"requestId":${r.requestId},"status":${JSON.stringify(r.status)},"createdAt":${JSON.stringify(r.createdAt)},"ivms101":${r.ivms101}}`;

const CSV_HEADER = [
  "requestId",
  "createdAtKst",
  "originatorName",
  "originatorMemberNumber",
  "beneficiaryName",
  "selfOwned",
  "relationship",
  "beneficiaryVasp",
  "travelRulePartner",
  "network",
  "address",
  "amountWld",
  "amountKrw",
  "status",
];

const csvLine = (r: TravelRuleExportRow) => [
  r.requestId,
  kst(r.createdAt),
  r.originator.name,
  r.originator.memberNumber,
  r.beneficiaryName,
  r.selfOwned,
  r.relationship,
  r.exchange,
  r.travelRulePartner,
  r.network,
  r.address,
  r.amountWld,
  r.amountKrw,
  r.status,
];

function jsonAttachment(name: string, text: string): Response {
  return new Response(text, {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${name}.json"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function attachment(name: string, format: TravelRuleFormat, records: TravelRuleExportRow[], json: string) {
  if (format === "json") return jsonAttachment(name, json);
  return csvResponse(name, { header: CSV_HEADER, rows: records.map(csvLine) });
}

async function audited(viewer: Viewer, filter: object, rows: number, meta: RequestMeta) {
  await audit(await getDb(), {
    action: "admin.export.travel_rule",
    actorId: viewer.id,
    ...meta,
    after: { filter, rows },
  });
}

/** GET /api/admin/travel-rule/export: a KST day's records (today's without `day`), oldest first. */
export async function exportTravelRuleDay(
  viewer: Viewer,
  q: { day?: string; format: TravelRuleFormat },
  meta: RequestMeta,
): Promise<Response> {
  const day = q.day ?? kstDay(now());
  const records = await travelRuleExportRows(await getDb(), {
    ...scopeOf(viewer),
    window: windowOf(day),
    max: MAX_EXPORT_ROWS,
  });
  await audited(viewer, { day, format: q.format }, records.length, meta);
  const json = `{"day":${JSON.stringify(day)},"records":[${records.map(recordJson).join(",")}]}`;
  return attachment(`travel-rule-${day}`, q.format, records, json);
}

/** GET /api/admin/travel-rule/{requestId}: one request's record (404 when it has none). */
export async function exportTravelRuleRecord(
  viewer: Viewer,
  q: { requestId: number; format: TravelRuleFormat },
  meta: RequestMeta,
): Promise<Response> {
  const record = await travelRuleOfRequest(await getDb(), { ...scopeOf(viewer), requestId: q.requestId });
  if (!record) throw new AppError("NOT_FOUND");
  await audited(viewer, { requestId: q.requestId, format: q.format }, 1, meta);
  return attachment(`travel-rule-request-${q.requestId}`, q.format, [record], recordJson(record));
}
