/**
 * CSV exports of the admin lists: UTF-8 with a BOM, an attachment, Korean round-trips, cells that a
 * spreadsheet would run as formulas are prefixed with ' (a plain number stays a number), the list's filter applies,
 * every export is audited, administrators only; headers in Korean by default and in English with `?lang=en`, the
 * requests CSV says who decided and when, the audit CSV says each row in words.
 */
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as auditExport from "@/app/api/admin/export/audit/route";
import * as memberExport from "@/app/api/admin/export/members/route";
import * as requestExport from "@/app/api/admin/export/requests/route";
import { getDb, rowsOf } from "@/db/client";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "ADMIN" });
});
const exec = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await (await getDb()).execute(q));
const get = (route: object, url: string, who: TestUser = admin) =>
  call(route, "GET", url, { cookie: who.cookie, headers: { "x-audit-memo": encodeURIComponent("감사 요청") } });
type Get = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** The export as bytes (a text() read would drop the BOM), decoded keeping it. */
async function download(route: { GET: unknown }, url: string) {
  const req = new NextRequest(new URL(url, "http://localhost:3000"), {
    headers: { cookie: admin.cookie, "x-audit-memo": encodeURIComponent("감사 요청") },
  });
  const res = await (route.GET as Get)(req, { params: Promise.resolve({}) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  };
}

/** RFC 4180 read back (quoted fields, doubled quotes, CRLF records): enough to check what a spreadsheet gets. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The body as the bytes arrived: the BOM, then CSV parsed back. */
function csv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parse(text.slice(1)) as string[][];
}

describe(`CSV exports (${kind})`, () => {
  it("members: BOM, attachment, Korean names, the formula prefix, the filter, and an audit row", async () => {
    const tag = `x${Date.now().toString(36)}`;
    await exec(sql`INSERT INTO users (user_id, name, password_hash, ref_code, phone) VALUES
      (${`${tag}a`}, '김철수', 'x', ${`${tag}A`.toUpperCase()}, '+82-10-1111'),
      (${`${tag}b`}, '=HYPERLINK("http://evil")', 'x', ${`${tag}B`.toUpperCase()}, '-1'),
      (${`${tag}c`}, '@SUM(A1)', 'x', ${`${tag}C`.toUpperCase()}, ${"\tTAB"}),
      ('other' || ${tag}, '이영희', 'x', ${`O${tag}`.toUpperCase()}, NULL)`);
    const r = await download(memberExport, `/api/admin/export/members?search=${tag}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="members-\d{12}\.csv"$/);
    const rows = csv(r.text);
    expect(rows[0]).toEqual([
      "아이디",
      "이름",
      "전화번호",
      "신분증 상태",
      "보유 WLD",
      "스테이킹 WLD",
      "가입일(KST)",
      "역할",
      "추천인 코드",
    ]);
    const en = await download(memberExport, `/api/admin/export/members?search=${tag}&lang=en`);
    expect(csv(en.text)[0]).toEqual([
      "User ID",
      "Name",
      "Phone",
      "ID status",
      "Holding WLD",
      "Staked WLD",
      "Joined (KST)",
      "Role",
      "Referral code",
    ]);
    expect(csv(en.text).slice(1)).toEqual(rows.slice(1));
    const byId = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byId.size).toBe(4); // the filter: `other…` contains the tag too
    expect(byId.get(`${tag}a`)?.slice(1, 3)).toEqual(["김철수", "'+82-10-1111"]);
    // A plain negative number stays a number (a spreadsheet runs nothing in it).
    expect(byId.get(`${tag}b`)?.slice(1, 3)).toEqual(['\'=HYPERLINK("http://evil")', "-1"]);
    expect(byId.get(`${tag}c`)?.slice(1, 3)).toEqual(["'@SUM(A1)", "'\tTAB"]);
    expect(byId.get(`${tag}a`)?.[4]).toBe("0");
    expect(byId.get(`${tag}a`)?.[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // UTF-8 bytes, not another encoding: the Korean name's bytes are there.
    expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.bytes.includes(Buffer.from("김철수", "utf8"))).toBe(true);

    const [row] = await exec(
      sql`SELECT actor_id, after, memo FROM audit_log WHERE action = 'admin.export.members' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ actor_id: admin.id, memo: "감사 요청" });
    expect(row?.after).toMatchObject({ filter: { search: tag, phone: "" }, rows: 4 });
    // The language is not part of the list's filter.
    expect(Object.keys((row?.after as { filter: object } | undefined)?.filter ?? {}).sort()).toEqual([
      "phone",
      "search",
    ]);
  });

  it("requests and audit rows under their filters, each export audited", async () => {
    const m = await createUser();
    await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, wallet_addr, reason)
      VALUES (${m.id}, 'WITHDRAW', 'WLD', 5, 0.1, 5.1, 'REJECTED', 'OP|Upbit|0xabc', '=cmd|'' /C calc''!A0')`);
    const r = await download(requestExport, "/api/admin/export/requests?type=WITHDRAW&status=REJECTED");
    expect(r.status).toBe(200);
    const rows = csv(r.text);
    expect(rows[0]?.slice(0, 4)).toEqual(["번호", "종류", "상태", "아이디"]);
    const mine = rows.find((x) => x[3] === m.userId);
    expect(mine?.slice(1, 3)).toEqual(["WITHDRAW", "REJECTED"]);
    expect(mine?.slice(11, 15)).toEqual(["OP", "Upbit", "0xabc", "'=cmd|' /C calc'!A0"]);
    expect(rows.slice(1).every((x) => x[1] === "WITHDRAW")).toBe(true);

    const a = await download(auditExport, `/api/admin/export/audit?actor=${admin.userId}&action=admin.export.requests`);
    expect(a.status).toBe(200);
    const arows = csv(a.text);
    expect(arows[0]).toEqual([
      "번호",
      "시각(KST)",
      "작업",
      "설명",
      "바뀐 내용",
      "처리자",
      "대상 회원",
      "대상 번호",
      "메모",
      "IP 주소",
      "작업 코드",
      "변경 전(JSON)",
      "변경 후(JSON)",
    ]);
    expect(arows).toHaveLength(2);
    expect(arows[1]?.[2]).toBe("요청 CSV 내보내기");
    expect(arows[1]?.[3]).toMatch(new RegExp(`^관리자 ${admin.userId}[이가] 요청 목록을 CSV로 내보냈습니다\\.$`));
    // jsonb keeps its own key order: the rows, in any order.
    expect(arows[1]?.[4]?.split(" / ").sort()).toEqual(
      ["조건 · 종류: 없음 → 출금", "조건 · 상태: 없음 → 반려", "조건 · 검색어: 없음 → 없음", "줄 수: 없음 → 1"].sort(),
    );
    expect(arows[1]?.[5]).toBe(admin.userId);
    expect(arows[1]?.[10]).toBe("admin.export.requests");
    expect(JSON.parse(arows[1]?.[12] ?? "null")).toMatchObject({
      filter: { type: "WITHDRAW", status: "REJECTED" },
      rows: 1,
    });
    expect(arows[1]?.[8]).toBe("감사 요청");
    const aen = csv(
      (
        await download(
          auditExport,
          `/api/admin/export/audit?actor=${admin.userId}&action=admin.export.requests&lang=en`,
        )
      ).text,
    );
    expect(aen[0]?.slice(0, 5)).toEqual(["ID", "Time (KST)", "Action", "Description", "Changes"]);
    expect(aen[1]?.[2]).toBe("Requests CSV export");
    expect(aen[1]?.[3]).toBe(`Administrator ${admin.userId} exported the request list as CSV.`);
    const n = await exec(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.export.audit' AND actor_id = ${admin.id}`,
    );
    expect(Number(n[0]?.n)).toBe(2);
  });

  it("requests: who decided and when (the first decision by a person), in Korean and English headers", async () => {
    const m = await createUser();
    const decider = await createUser({ role: "ADMIN" });
    const [req] = await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status, reason)
      VALUES (${m.id}, 'DEPOSIT', 'WLD', 3, 0, 3, 'REJECTED', '입금 없음') RETURNING id`);
    const [open] = await exec(sql`INSERT INTO requests (user_id, type, coin_symbol, amount, fee, total, status)
      VALUES (${m.id}, 'WITHDRAW', 'WLD', 2, 0, 2, 'PENDING') RETURNING id`);
    await exec(sql`INSERT INTO request_events (request_id, status, actor_id, created_at) VALUES
      (${req!.id}, 'PENDING', ${m.id}, '2026-03-01T00:00:00Z'),
      (${req!.id}, 'REJECTED', ${decider.id}, '2026-03-01T01:02:03Z'),
      (${open!.id}, 'PENDING', ${m.id}, '2026-03-01T00:00:00Z'),
      (${open!.id}, 'APPROVED', NULL, '2026-03-01T02:00:00Z')`);
    for (const lang of ["ko", "en"] as const) {
      const r = await download(requestExport, `/api/admin/export/requests?search=${m.userId}&lang=${lang}`);
      const rows = csv(r.text);
      const header = rows[0]!;
      const at = header.indexOf(lang === "ko" ? "처리한 관리자" : "Decided by");
      expect(at).toBe(16);
      expect(header[17]).toBe(lang === "ko" ? "처리 시각(KST)" : "Decided (KST)");
      const rejected = rows.find((x) => x[0] === String(req!.id))!;
      expect(rejected.slice(16, 18)).toEqual([decider.userId, "2026-03-01 10:02:03"]);
      // Nobody decided the open one (an event without a person is not a decision).
      const pending = rows.find((x) => x[0] === String(open!.id))!;
      expect(pending.slice(16, 18)).toEqual(["", ""]);
    }
    expect((await get(requestExport, "/api/admin/export/requests?lang=fr")).status).toBe(400);
  });

  it("administrators only, and a bad filter is 400 before anything is written", async () => {
    const user = await createUser();
    for (const route of [memberExport, requestExport, auditExport]) {
      const r = await get(route, "/api/admin/export/x", user);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("FORBIDDEN");
    }
    const before = await exec(sql`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'admin.export.%'`);
    expect((await get(requestExport, "/api/admin/export/requests?type=SWAP")).status).toBe(400);
    expect((await get(auditExport, "/api/admin/export/audit?from=yesterday")).status).toBe(400);
    expect((await get(memberExport, `/api/admin/export/members?phone=${"1".repeat(31)}`)).status).toBe(400);
    const after = await exec(sql`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'admin.export.%'`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
