/**
 * An audit row in words (the console's /admin/audit and the audit CSV): one sentence per action kind
 * (messages/<locale>/auditLog.json `sentence.<key>`, e.g. "관리자 admin이 회원 demo의 보유 수량을 100 WLD 늘렸습니다.")
 * and the changed fields as rows "before → after", with words for the fields (`field.*`), codes (`value.*`),
 * proposal kinds (`kind.*`), yes/no, none, amounts with thousands separators and instants in KST. An action or
 * field without words still reads as words (its name split into words), never as raw JSON. Client-safe.
 */
import { auditActionKey } from "@/lib/audit-actions";

/** A translator of the AuditLog namespace (next-intl's `useTranslations("AuditLog")` or `createTranslator`). */
export type AuditT = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

export type AuditRowLike = {
  action: string;
  actor?: { id?: number; userId?: string | null; role?: string | null } | null;
  target?: { id?: number; userId?: string | null } | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

export type ChangeRow = { key: string; field: string; before: string; after: string };

/** Fields that say nothing to a person (a signing nonce). */
const HIDDEN = new Set(["nonce"]);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const CODE = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** "dailyWithdrawLimitKrw" / "SOME_CODE" / "admin.coin.deposit" → "daily withdraw limit krw" / "some code" / "admin coin deposit". */
export function humanize(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .trim()
    .toLowerCase();
}

/** "1234567.5" → "1,234,567.5" (the digits as stored, no rounding). */
export function groupDigits(s: string): string {
  const [int, frac] = s.split(".");
  const neg = int!.startsWith("-");
  const digits = (neg ? int!.slice(1) : int!).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${neg ? "-" : ""}${digits}${frac ? `.${frac}` : ""}`;
}

/** KST wall time "YYYY-MM-DD HH:mm" of an ISO instant. */
const kstMinute = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
};

/**
 * Korean subject particle after a word: 이 after a final consonant, else 가. Hangul by its final jamo; a Latin
 * handle or a digit by how Koreans read its last letter (…n → 이 "admin이", …o → 가 "demo가").
 */
export function subjectParticle(word: string): "이" | "가" {
  const ch = word.trim().slice(-1);
  if (!ch) return "가";
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 === 0 ? "가" : "이";
  if (/[0-9]/.test(ch)) return "013678".includes(ch) ? "이" : "가";
  return /[lmnrLMNR]/.test(ch) ? "이" : "가";
}

function fieldLabel(t: AuditT, key: string): string {
  return t.has(`field.${key}`) ? t(`field.${key}`) : humanize(key);
}

/** A value in words: codes through `value.*` (proposal kinds through `kind.*`), amounts grouped, instants in KST. */
export function valueText(t: AuditT, value: unknown, key = ""): string {
  if (value === null || value === undefined || value === "") return t("none");
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (typeof value === "number") return groupDigits(String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return t("none");
    return value.map((v) => valueText(t, v, key)).join(" / ");
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => !HIDDEN.has(k) && v !== undefined)
      .map(([k, v]) => `${fieldLabel(t, k)} ${valueText(t, v, k)}`);
    return parts.length ? parts.join(", ") : t("none");
  }
  const s = String(value);
  if (key === "kind" && t.has(`kind.${s}`)) return t(`kind.${s}`);
  // A stored payout address "NETWORK|exchange|address" reads as its three parts.
  if (key === "walletAddr" && s.split("|").length === 3) return s.split("|").join(" · ");
  const valueKey = `value.${s.replace(/\./g, "_")}`;
  if (CODE.test(s) && s.length <= 64 && t.has(valueKey)) return t(valueKey);
  if (DECIMAL.test(s) && !/^0\d/.test(s)) return groupDigits(s);
  if (ISO.test(s)) return kstMinute(s);
  return s;
}

/** One level of nesting is spelled out ("내용 · 이율"); deeper objects are read as one value. */
function flatten(v: unknown): Map<string, { label: string[]; value: unknown }> {
  const out = new Map<string, { label: string[]; value: unknown }>();
  if (v === null || v === undefined) return out;
  if (typeof v !== "object" || Array.isArray(v)) {
    out.set("value", { label: [], value: v });
    return out;
  }
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    if (HIDDEN.has(k) || val === undefined) continue;
    if (val && typeof val === "object" && !Array.isArray(val) && Object.keys(val).length > 0)
      for (const [k2, v2] of Object.entries(val as Record<string, unknown>)) {
        if (HIDDEN.has(k2) || v2 === undefined) continue;
        out.set(`${k}.${k2}`, { label: [k, k2], value: v2 });
      }
    else out.set(k, { label: [k], value: val });
  }
  return out;
}

/** The changed fields, before → after, each in words ("상태: 대기 → 승인"). A field only after reads "없음 → …". */
export function changeRows(t: AuditT, row: Pick<AuditRowLike, "before" | "after">): ChangeRow[] {
  const before = flatten(row.before);
  const after = flatten(row.after);
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return keys.map((key) => {
    const b = before.get(key);
    const a = after.get(key);
    const label = (a ?? b)!.label;
    const last = label[label.length - 1] ?? "";
    return {
      key,
      field: label.length ? label.map((l) => fieldLabel(t, l)).join(" · ") : t("changes"),
      before: b ? valueText(t, b.value, last) : t("none"),
      after: a ? valueText(t, a.value, last) : t("none"),
    };
  });
}

const pick = (o: unknown, ...keys: string[]): unknown => {
  if (!o || typeof o !== "object") return undefined;
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
};

/** The row as one sentence in the translator's language (an unknown action: "… 작업을 했습니다: <its name in words>."). */
export function auditSentence(t: AuditT, row: AuditRowLike): string {
  const handle = row.actor?.userId ?? null;
  const role = row.actor?.role ?? null;
  const actor = !row.actor
    ? t("system")
    : handle
      ? role && t.has(`actorRole.${role}`)
        ? `${t(`actorRole.${role}`)} ${handle}`
        : handle
      : t("someone");
  const target =
    row.target?.userId ??
    (pick(row.after, "userId") as string | undefined) ??
    (pick(row.before, "userId") as string | undefined) ??
    t("unknownMember");
  const amount = pick(row.after, "amount", "totalPaid", "refunded");
  const kind = pick(row.after, "kind") ?? pick(row.before, "kind");
  const values = {
    actor,
    ga: subjectParticle(actor),
    target: String(target),
    ref: row.targetId ?? "",
    amount: amount === undefined ? "" : valueText(t, amount),
    coin: String(pick(row.after, "symbol", "coin", "coinSymbol") ?? "WLD"),
    kind: kind === undefined ? t("none") : valueText(t, kind, "kind"),
    name: t.has(`action.${auditActionKey(row.action)}`)
      ? t(`action.${auditActionKey(row.action)}`)
      : humanize(row.action),
  };
  const key = `sentence.${auditActionKey(row.action)}`;
  return t.has(key) ? t(key, values) : t("fallback", values);
}
