/** Shared steps of the fraud-case tests (tests/integration/fraud-cases*.test.ts): the real routes, the real rules. */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import * as caseRoute from "@/app/api/admin/cases/[id]/route";
import * as decideRoute from "@/app/api/admin/cases/[id]/decide/route";
import * as ruleRoute from "@/app/api/admin/fraud-rules/[key]/route";
import * as adminRequestRoute from "@/app/api/admin/requests/[id]/route";
import * as loginRoute from "@/app/api/login/route";
import * as signupRoute from "@/app/api/signup/route";
import * as cancelRoute from "@/app/api/transfer-requests/[id]/route";
import * as transferRoute from "@/app/api/transfer-requests/route";
import * as walletRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";

export const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

export const ask = (u: TestUser, type: "TRANSFER" | "WITHDRAW", amount: string) =>
  call(transferRoute, "POST", "/api/transfer-requests", {
    cookie: u.cookie,
    body: { coinSymbol: "WLD", amount, type },
  });

export const myRequests = (u: TestUser) =>
  call(transferRoute, "GET", "/api/transfer-requests?page=1&limit=50", { cookie: u.cookie });

export const cancel = (u: TestUser, id: number) =>
  call(cancelRoute, "DELETE", `/api/transfer-requests/${id}`, { cookie: u.cookie, params: { id: String(id) } });

export const decideRequest = (admin: TestUser, id: number, action: "APPROVE" | "REJECT") =>
  call(adminRequestRoute, "PATCH", `/api/admin/requests/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { action, reason: action === "REJECT" ? "test" : undefined },
  });

export const setRule = (officer: TestUser, key: string, body: unknown) =>
  call(ruleRoute, "PATCH", `/api/admin/fraud-rules/${key}`, { cookie: officer.cookie, params: { key }, body });

export const decideCase = (officer: TestUser, id: number, decision: "CLEAR" | "REPORT", note = "checked") =>
  call(decideRoute, "POST", `/api/admin/cases/${id}/decide`, {
    cookie: officer.cookie,
    params: { id: String(id) },
    body: { decision, note },
  });

export const getCase = (officer: TestUser, id: number) =>
  call(caseRoute, "GET", `/api/admin/cases/${id}`, { cookie: officer.cookie, params: { id: String(id) } });

/** A login from another browser (a user agent none of the member's sessions had): the new-device notification. */
export const loginFromNewDevice = (u: TestUser, ip: string) =>
  call(loginRoute, "POST", "/api/login", {
    body: { userId: u.userId, password: u.password },
    headers: { "x-forwarded-for": ip, "user-agent": FIREFOX },
  });

export const setPayoutAddress = (u: TestUser, walletAddr: string) =>
  call(walletRoute, "POST", `/api/users/by-id/${u.userId}/walletAddr`, {
    cookie: u.cookie,
    params: { userId: u.userId },
    body: { walletAddr, currentPassword: u.password },
  });

export const signupThrough = (code: string, ip: string) =>
  call(signupRoute, "POST", "/api/signup", {
    headers: { "x-forwarded-for": ip },
    body: {
      name: "홍길동",
      userId: `b${Math.random().toString(36).slice(2, 10)}`,
      password: "long enough pass 1",
      bankNumber: "",
      walletAddr: "",
      phone: "",
      refId: code,
      Cert: "",
    },
  });

export type CaseRowT = {
  id: number;
  rule_key: string;
  user_id: number;
  request_id: number | null;
  status: string;
  evidence: Record<string, unknown>;
  due_at: Date;
};

export async function casesWhere(where: ReturnType<typeof sql>): Promise<CaseRowT[]> {
  const rows = rowsOf<CaseRowT & { id: string; request_id: string | null; evidence: unknown }>(
    await (await getDb()).execute(sql`SELECT id::text, rule_key, user_id, request_id::text, status, evidence, due_at
      FROM fraud_cases WHERE ${where} ORDER BY id`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    request_id: r.request_id === null ? null : Number(r.request_id),
    due_at: new Date(r.due_at),
    evidence: (typeof r.evidence === "string" ? JSON.parse(r.evidence) : r.evidence) as Record<string, unknown>,
  }));
}

export async function auditCount(action: string, targetId?: number | string): Promise<number> {
  const rows = rowsOf<{ n: string }>(
    await (await getDb()).execute(sql`SELECT count(*)::text AS n FROM audit_log WHERE action = ${action}
      ${targetId === undefined ? sql`` : sql`AND target_id = ${String(targetId)}`}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** The request a 201 answer created, and whether the answer says it is held. */
export function created(res: { status: number; body: { request?: { id: number; underReview?: boolean } } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.request!.id, underReview: res.body.request!.underReview === true };
}
