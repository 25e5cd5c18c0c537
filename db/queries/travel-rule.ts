/**
 * Reads of the Travel Rule records (travel_rule_records, one per transfer/withdrawal worth TRAVEL_RULE_THRESHOLD_KRW
 * or more) for /admin/travel-rule and its exports: a KST day's records oldest first, or one request's record. Each row
 * joins its request (the status now), its member (who, and the viewer's scope: a viewer who may not read a SUPERADMIN
 * account sees none of theirs, as in ./members) and the receiving exchange's Travel Rule service (destinations).
 * The stored IVMS 101 payload comes as the database's own text of the jsonb, so an export can carry it unchanged.
 */
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "@/db/client";
import type { RequestStatus, RequestType } from "@/db/schema";
import { COUNT_CAP, cappedCount, hideRoles, type ViewerScope } from "./members";

export type TravelRuleRowDto = {
  requestId: number;
  type: RequestType;
  status: RequestStatus;
  /** When the record was written (with its request), ISO. */
  createdAt: string;
  originator: { name: string; memberNumber: string };
  beneficiaryName: string;
  selfOwned: boolean;
  relationship: string | null;
  /** The beneficiary VASP as the address names it ("Upbit"), or PERSONAL. */
  exchange: string;
  /** Its Travel Rule service (VERIFYVASP, CODE), null when none is known. */
  travelRulePartner: string | null;
  network: string;
  address: string;
  amountWld: string;
  amountKrw: string;
  thresholdKrw: string;
};

/** A row with the stored IVMS 101 payload as the database's text of it (for the exports). */
export type TravelRuleExportRow = TravelRuleRowDto & { ivms101: string };

/** The originator as the payload names them (IVMS 101 natural person: name identifiers, customerIdentification =
 * the member number); the member's row when a payload lacks it. */
const ORIGINATOR = "(t.ivms101 #> '{originator,originatorPerson,0,naturalPerson}')";
const ORIGINATOR_NAME = sql.raw(`coalesce(nullif(concat_ws(' ',
    ${ORIGINATOR} #>> '{name,nameIdentifier,0,primaryIdentifier}',
    ${ORIGINATOR} #>> '{name,nameIdentifier,0,secondaryIdentifier}'), ''), u.name)`);
const MEMBER_NUMBER = sql.raw(`coalesce(${ORIGINATOR} ->> 'customerIdentification', t.user_id::text)`);

type Window = { from: Date; to: Date };
type Scope = ViewerScope & ({ window: Window } | { requestId: number });

function whereOf(f: Scope): SQL {
  const parts: SQL[] = [sql`TRUE ${hideRoles(f, "u")}`];
  if ("window" in f)
    parts.push(
      sql`t.created_at >= ${f.window.from.toISOString()}::timestamptz AND t.created_at < ${f.window.to.toISOString()}::timestamptz`,
    );
  else parts.push(sql`t.request_id = ${f.requestId}`);
  return sql.join(parts, sql` AND `);
}

type Row = {
  request_id: string | number;
  type: RequestType;
  status: RequestStatus;
  created_at: string;
  originator_name: string;
  member_number: string;
  beneficiary_name: string;
  self_owned: boolean;
  relationship: string | null;
  exchange: string;
  partner: string | null;
  network: string;
  address: string;
  amount: string;
  amount_krw: string;
  threshold_krw: string;
  ivms101?: string;
};

async function rowsFor(db: DbOrTx, f: Scope, page: { limit: number; offset: number }, withPayload: boolean) {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT t.request_id, r.type::text AS type, r.status::text AS status,
        to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
        ${ORIGINATOR_NAME} AS originator_name, ${MEMBER_NUMBER} AS member_number,
        t.beneficiary_name, t.self_owned, t.relationship, t.exchange, d.travel_rule_partner AS partner,
        t.network, t.address, trim_scale(t.amount)::text AS amount, t.amount_krw::text AS amount_krw,
        t.threshold_krw::text AS threshold_krw
        ${withPayload ? sql`, t.ivms101::text AS ivms101` : sql``}
      FROM travel_rule_records t
        JOIN requests r ON r.id = t.request_id
        JOIN users u ON u.id = t.user_id
        LEFT JOIN destinations d ON lower(d.name) = lower(t.exchange)
      WHERE ${whereOf(f)}
      ORDER BY t.created_at ASC, t.id ASC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
}

const toDto = (r: Row): TravelRuleRowDto => ({
  requestId: Number(r.request_id),
  type: r.type,
  status: r.status,
  createdAt: r.created_at,
  originator: { name: r.originator_name, memberNumber: r.member_number },
  beneficiaryName: r.beneficiary_name,
  selfOwned: r.self_owned,
  relationship: r.relationship,
  exchange: r.exchange,
  travelRulePartner: r.partner,
  network: r.network,
  address: r.address,
  amountWld: r.amount,
  amountKrw: r.amount_krw,
  thresholdKrw: r.threshold_krw,
});

const toExportRow = (r: Row): TravelRuleExportRow => ({ ...toDto(r), ivms101: r.ivms101 ?? "null" });

/** One page of the records written in `window` (a KST day), oldest first; `total` exact up to COUNT_CAP. */
export async function travelRulePage(
  db: DbOrTx,
  f: ViewerScope & { window: Window; page: number; limit: number },
): Promise<{ items: TravelRuleRowDto[]; total: number; totalCapped: boolean }> {
  const rows = await rowsFor(db, f, { limit: f.limit, offset: (f.page - 1) * f.limit }, false);
  const n = await cappedCount(
    db,
    sql`SELECT 1 FROM travel_rule_records t JOIN users u ON u.id = t.user_id WHERE ${whereOf(f)}`,
  );
  return { items: rows.map(toDto), total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}

/** Up to `max` records written in `window`, oldest first, each with its stored payload. */
export async function travelRuleExportRows(
  db: DbOrTx,
  f: ViewerScope & { window: Window; max: number },
): Promise<TravelRuleExportRow[]> {
  return (await rowsFor(db, f, { limit: f.max, offset: 0 }, true)).map(toExportRow);
}

/** The record of one request with its stored payload; null when it has none (or the viewer may not see it). */
export async function travelRuleOfRequest(
  db: DbOrTx,
  f: ViewerScope & { requestId: number },
): Promise<TravelRuleExportRow | null> {
  const [row] = await rowsFor(db, f, { limit: 1, offset: 0 }, true);
  return row ? toExportRow(row) : null;
}
