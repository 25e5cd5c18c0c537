// The audit log in words: every action kind the code writes has a name and a sentence in
// Korean and English, the sentence and the change rows read as words (no JSON, no codes), and an unknown action
// or field still reads as words.
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { type AuditT, auditSentence, changeRows, subjectParticle } from "@/lib/admin/audit-text";
import { AUDIT_ACTIONS, auditActionKey } from "@/lib/audit-actions";
import { MESSAGES } from "@/lib/i18n/messages";

const tOf = (locale: "ko" | "en") =>
  createTranslator({ locale, messages: MESSAGES[locale], namespace: "AuditLog" }) as unknown as AuditT;

/** The action names written in the code: `action: "…"` in audit calls and the template-literal families. */
function writtenActions(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) {
        const text = fs.readFileSync(p, "utf8");
        if (!/audit(Insert|Record)?\(|audit: \{/.test(text)) continue;
        for (const m of text.matchAll(
          /action:\s*(?:current \? "LOGOUT" : )?"([A-Z][A-Z0-9_]+|[a-z0-9_]+\.[a-z0-9_.]+)"/g,
        ))
          found.add(m[1]!);
        for (const m of text.matchAll(/\("([a-z_]+\.[a-z_.]+)" as const\)/g)) found.add(m[1]!);
      }
    }
  };
  walk(path.join(process.cwd(), "lib"));
  walk(path.join(process.cwd(), "app", "api"));
  for (const kind of ["members", "requests", "audit"]) found.add(`admin.export.${kind}`);
  for (const a of ["deposit", "withdraw"]) found.add(`staking.interest_${a}`);
  return [...found];
}

describe("audit words", () => {
  it("every action the code writes is in AUDIT_ACTIONS", () => {
    const written = writtenActions();
    expect(written.length).toBeGreaterThan(40);
    // Other objects with an `action` field (request decisions: APPROVE/REJECT/RETURN) are not audit rows.
    const notAudit = new Set(["APPROVE", "REJECT", "RETURN", "DEPOSIT", "WITHDRAW"]);
    const missing = written.filter((a) => !notAudit.has(a) && !(AUDIT_ACTIONS as readonly string[]).includes(a));
    expect(missing).toEqual([]);
  });

  for (const locale of ["ko", "en"] as const)
    it(`every action has a name and a sentence in ${locale}, and the sentence reads as words`, () => {
      const t = tOf(locale);
      for (const action of AUDIT_ACTIONS) {
        const key = auditActionKey(action);
        expect(t.has(`action.${key}`), `${locale} action.${key}`).toBe(true);
        expect(t.has(`sentence.${key}`), `${locale} sentence.${key}`).toBe(true);
        const s = auditSentence(t, {
          action,
          actor: { id: 1, userId: "admin", role: "ADMIN" },
          target: { id: 2, userId: "demo" },
          targetId: "12",
          after: { symbol: "WLD", amount: "100", kind: "member_rate" },
        });
        expect(s).not.toMatch(/[{}]|undefined|null|\[object/);
        expect(s).not.toContain(action);
      }
    });

  it("the issue's example, in both languages, with the fields as rows before → after", () => {
    const row = {
      action: "admin.coin.deposit",
      actor: { id: 1, userId: "admin", role: "ADMIN" },
      target: { id: 2, userId: "demo" },
      after: { symbol: "WLD", amount: "1000" },
    };
    expect(auditSentence(tOf("ko"), row)).toBe("관리자 admin이 회원 demo의 보유 수량을 1,000 WLD 늘렸습니다.");
    expect(auditSentence(tOf("en"), row)).toBe(
      "Administrator admin increased the holding of member demo by 1,000 WLD.",
    );
    const rows = changeRows(tOf("ko"), {
      before: { status: "PENDING", dailyWithdrawLimitKrw: null },
      after: { status: "APPROVED", dailyWithdrawLimitKrw: "5000000", repriced: true, at: "2026-11-28T03:00:00.000Z" },
    });
    expect(rows.map((r) => `${r.field}: ${r.before} → ${r.after}`)).toEqual([
      "상태: 대기 → 승인",
      "하루 출금 한도(원): 없음 → 5,000,000",
      "새 가격 적용: 없음 → 예",
      "at: 없음 → 2026-11-28 12:00",
    ]);
    const nested = changeRows(tOf("en"), {
      before: { status: "PENDING", kind: "member_rate", payload: { rate: "5", coinSymbol: "WLD" } },
      after: { status: "APPROVED" },
    });
    expect(nested.map((r) => `${r.field}: ${r.before} → ${r.after}`)).toEqual([
      "Status: Pending → Approved",
      "Kind: member rate change → none",
      "Change · Rate (%): 5 → none",
      "Change · Coin: WLD → none",
    ]);
  });

  it("an unknown action or field still reads as words; a member actor and the system are named", () => {
    const ko = tOf("ko");
    expect(auditSentence(ko, { action: "future.thing_done", actor: { id: 3, userId: "demo", role: "USER" } })).toBe(
      "회원 demo가 작업을 했습니다: future thing done.",
    );
    expect(auditSentence(tOf("en"), { action: "proposal.expire", actor: null, targetId: "7" })).toBe(
      "Proposal #7 was not approved within 72 hours and expired.",
    );
    expect(changeRows(ko, { after: { someNewField: "SOME_CODE" } })[0]).toMatchObject({
      field: "some new field",
      after: "SOME_CODE",
    });
    expect(changeRows(ko, { after: { filter: { search: "kim", phone: "" }, rows: 1200 } })).toEqual([
      { key: "filter.search", field: "조건 · 검색어", before: "없음", after: "kim" },
      { key: "filter.phone", field: "조건 · 전화번호", before: "없음", after: "없음" },
      { key: "rows", field: "줄 수", before: "없음", after: "1,200" },
    ]);
  });

  it("the subject particle follows the last sound", () => {
    expect(["admin", "demo", "관리자", "회원", "superadmin", "user1", "user2"].map(subjectParticle)).toEqual([
      "이",
      "가",
      "가",
      "이",
      "이",
      "이",
      "가",
    ]);
  });
});
