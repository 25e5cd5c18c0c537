/**
 * The fraud-case console (/admin/cases): the cases with their three-business-day clock, one case, its decision, the
 * suspicious-transaction report (STR, 의심거래보고) draft, and the rules' parameters. Every change is audited.
 *
 * A decision is taken exactly once (`UPDATE … WHERE status = 'OPEN' RETURNING`):
 * - CLEAR: the case closes as cleared; its request (still PENDING) is no longer held and goes on through the normal
 *   approval (a burst's members may have their IDs approved again);
 * - REPORT: the case closes as reported with its STR draft (the member, their recent transactions and requests, the
 *   rule and the evidence) stored on it, and its request, if still PENDING, is rejected through the ordinary reject
 *   path (the hold goes back to the member's staked balance by the ledger) with a neutral reason that accuses no one:
 *   the member must not learn that a report is being made (특정금융정보법 제4조 ⑥, tipping-off).
 * The report path takes the case row first, then (lib/wallet/request-decisions.ts) the member's row; an approval
 * takes the member's row and only reads the case: no lock cycle.
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, getDb, rowsOf } from "@/db/client";
import {
  type CaseRow,
  caseById,
  caseList,
  caseReportDraft,
  fraudRuleList,
  memberForReport,
  memberMoneyTrail,
} from "@/db/queries/fraud";
import { csvResponse, kst } from "@/lib/admin/export";
import { audit, type RequestMeta } from "@/lib/audit";
import type { Role } from "@/lib/auth/permissions";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { decideRequest } from "@/lib/wallet/request-decisions";
import { businessDaysLeft } from "./business-days";
import type { CaseDto, CaseStatus, FraudRuleDto } from "./dto";
import { koreanHolidays } from "./holidays";
import { type FraudRuleKey, isFraudRuleKey, RULE_PARAMS } from "./params";

type Viewer = { id: number; role: Role };

/** The reason a reported request is rejected with: neutral, in both languages (requests.reason is shown as is). */
export const REPORTED_REJECT_REASON =
  "심사 결과 요청을 처리할 수 없습니다 · The request could not be processed after review";

function caseDto(r: CaseRow, holidays: ReadonlySet<string>, at: Date): CaseDto {
  const clock = r.status === "OPEN" ? businessDaysLeft(at, r.dueAt, holidays) : { left: 0, overdue: false };
  return {
    id: r.id,
    rule: r.ruleKey as FraudRuleKey,
    status: r.status,
    evidence: r.evidence,
    openedAt: r.openedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    clock: { businessDaysLeft: clock.left, overdue: clock.overdue },
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedBy?.userId ?? null,
    decisionNote: r.decisionNote,
    hasDraft: r.hasDraft,
    member: { id: r.member.id, userId: r.member.userId, name: r.member.name, status: r.member.status },
    request: r.request && { ...r.request, createdAt: r.request.createdAt.toISOString() },
  };
}

/** An ADMIN or staff member never sees a SUPERADMIN account's case (as every console list). */
const hides = (viewer: Viewer, r: CaseRow) => viewer.role !== "SUPERADMIN" && r.member.role === "SUPERADMIN";

export async function listCases(viewer: Viewer, q: { status?: CaseStatus; page: number; limit: number }) {
  const db = await getDb();
  const [page, holidays] = await Promise.all([
    caseList(db, { ...q, hideSuperadmin: viewer.role !== "SUPERADMIN" }),
    koreanHolidays(db),
  ]);
  const at = now();
  return { items: page.items.map((r) => caseDto(r, holidays, at)), total: page.total };
}

async function visibleCaseOrThrow(db: DbOrTx, viewer: Viewer, id: number): Promise<CaseRow> {
  const row = await caseById(db, id);
  if (!row || hides(viewer, row)) throw new AppError("NOT_FOUND");
  return row;
}

export async function getCase(viewer: Viewer, id: number): Promise<{ case: CaseDto }> {
  const db = await getDb();
  const row = await visibleCaseOrThrow(db, viewer, id);
  return { case: caseDto(row, await koreanHolidays(db), now()) };
}

async function reportDraft(db: DbOrTx, row: CaseRow, viewer: Viewer, note: string, at: Date) {
  const [member, trail] = await Promise.all([memberForReport(db, row.member.id), memberMoneyTrail(db, row.member.id)]);
  return {
    kind: "STR_DRAFT",
    preparedAt: at.toISOString(),
    preparedBy: viewer.id,
    case: {
      id: row.id,
      rule: row.ruleKey,
      openedAt: row.openedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      note,
    },
    member,
    request: row.request && { ...row.request, createdAt: row.request.createdAt.toISOString() },
    evidence: row.evidence,
    ...trail,
  };
}

/**
 * Closes an OPEN case once: CLEAR or REPORT (see the module comment). 404 for an unknown (or hidden) case, 409
 * CASE_DECIDED when it was decided already. Answers the case as it stands after.
 */
export async function decideCase(
  viewer: Viewer,
  args: { id: number; decision: "CLEAR" | "REPORT"; note: string },
  meta: RequestMeta,
): Promise<{ case: CaseDto }> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await visibleCaseOrThrow(tx, viewer, args.id);
    const at = now();
    const status = args.decision === "CLEAR" ? "CLEARED" : "REPORTED";
    const draft = status === "REPORTED" ? await reportDraft(tx, row, viewer, args.note, at) : null;
    const closed = rowsOf<{ id: string }>(
      await tx.execute(sql`UPDATE fraud_cases SET status = ${status}, decided_by = ${viewer.id}::integer,
          decided_at = ${at.toISOString()}::timestamptz, decision_note = ${args.note},
          report_draft = ${draft && JSON.stringify(draft)}::jsonb
        WHERE id = ${args.id} AND status = 'OPEN' RETURNING id::text`),
    );
    if (!closed[0]) throw new AppError("CASE_DECIDED");
    let rejected = false;
    if (status === "REPORTED" && row.request?.status === "PENDING") {
      await decideRequest(tx, {
        id: row.request.id,
        adminId: viewer.id,
        adminRole: viewer.role,
        action: "REJECT",
        reason: REPORTED_REJECT_REASON,
        ...meta,
      });
      rejected = true;
    }
    await audit(tx, {
      action: status === "CLEARED" ? "FRAUD_CASE_CLEAR" : "FRAUD_CASE_REPORT",
      actorId: viewer.id,
      targetUserId: row.member.id,
      targetId: row.id,
      ...meta,
      before: { status: "OPEN" },
      after: {
        status,
        rule: row.ruleKey,
        requestId: row.request?.id ?? null,
        requestRejected: rejected,
        note: args.note,
      },
    });
  });
  return getCase(viewer, args.id);
}

const CSV_HEADER = ["구분 section", "항목 field", "값 value"];

/**
 * A reported case's STR draft as a file (JSON as stored, or CSV: one line per field and per transaction), audited
 * FRAUD_CASE_EXPORT. 404 when the case has no draft (not reported).
 */
export async function exportReportDraft(
  viewer: Viewer,
  q: { id: number; format: "json" | "csv" },
  meta: RequestMeta,
): Promise<Response> {
  const db = await getDb();
  const row = await visibleCaseOrThrow(db, viewer, q.id);
  const draft = await caseReportDraft(db, q.id);
  if (!draft) throw new AppError("NOT_FOUND");
  await audit(db, {
    action: "FRAUD_CASE_EXPORT",
    actorId: viewer.id,
    targetUserId: row.member.id,
    targetId: row.id,
    ...meta,
    after: { format: q.format },
  });
  const name = `str-draft-case-${q.id}`;
  if (q.format === "json") {
    return new Response(JSON.stringify(draft, null, 2), {
      status: 200,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${name}.json"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  }
  return csvResponse(name, { header: CSV_HEADER, rows: csvRows(draft) });
}

function csvRows(draft: Record<string, unknown>): unknown[][] {
  const rows: unknown[][] = [];
  const flat = (section: string, o: unknown) => {
    if (!o || typeof o !== "object") return;
    for (const [k, v] of Object.entries(o))
      rows.push([section, k, v !== null && typeof v === "object" ? JSON.stringify(v) : v]);
  };
  flat("case", draft.case);
  flat("member", draft.member);
  flat("request", draft.request);
  flat("evidence", draft.evidence);
  for (const t of (draft.requests as Record<string, unknown>[] | undefined) ?? [])
    rows.push([
      "requests",
      `#${t.id} ${t.type} ${t.status}`,
      `${t.amount} ${t.coin} · ${kst(String(t.createdAt))} KST · ${t.walletAddr ?? ""}`,
    ]);
  for (const t of (draft.transactions as Record<string, unknown>[] | undefined) ?? [])
    rows.push(["transactions", `#${t.id} ${t.type}`, `${t.amount} ${t.coin} · ${kst(String(t.createdAt))} KST`]);
  return rows;
}

export async function listRules(): Promise<{ items: FraudRuleDto[] }> {
  const rows = await fraudRuleList(await getDb());
  return {
    items: rows.map((r) => ({
      key: r.key as FraudRuleKey,
      enabled: r.enabled,
      params: r.params,
      updatedAt: r.updatedAt.toISOString(),
      updatedBy: r.updatedBy,
    })),
  };
}

/**
 * Changes one rule (on/off and its whole parameter object, checked against ./params.ts: 400 VALIDATION naming the
 * field), audited FRAUD_RULE_UPDATE with before → after. 404 for an unknown key.
 */
export async function updateRule(
  viewer: Viewer,
  key: string,
  input: { enabled?: boolean; params?: unknown },
  meta: RequestMeta,
): Promise<{ rule: FraudRuleDto }> {
  if (!isFraudRuleKey(key)) throw new AppError("NOT_FOUND");
  let params: Record<string, unknown> | undefined;
  if (input.params !== undefined) {
    const parsed = RULE_PARAMS[key].safeParse(input.params);
    if (!parsed.success)
      throw new AppError("VALIDATION", { field: String(parsed.error.issues[0]?.path.join(".") || "params") });
    params = parsed.data as Record<string, unknown>;
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = rowsOf<{ enabled: boolean; params: unknown }>(
      await tx.execute(sql`SELECT enabled, params FROM fraud_rules WHERE key = ${key} FOR UPDATE`),
    );
    if (!before) throw new AppError("NOT_FOUND");
    const enabled = input.enabled ?? before.enabled;
    const next = params ?? (typeof before.params === "string" ? JSON.parse(before.params) : before.params);
    await tx.execute(sql`UPDATE fraud_rules SET enabled = ${enabled}, params = ${JSON.stringify(next)}::jsonb,
        updated_by = ${viewer.id}::integer, updated_at = now() WHERE key = ${key}`);
    await audit(tx, {
      action: "FRAUD_RULE_UPDATE",
      actorId: viewer.id,
      targetId: key,
      ...meta,
      before: { enabled: before.enabled, params: before.params },
      after: { enabled, params: next },
    });
  });
  const { items } = await listRules();
  return { rule: items.find((r) => r.key === key)! };
}
