/**
 * Reading a bank's transaction export (CSV as Korean banks produce it) into credit lines. Pure: no database.
 *
 * - Encoding, judged by the bytes (never the file name): UTF-8 with or without a BOM, else EUC-KR (what Korean
 *   internet banking still writes); bytes neither decodes, or a NUL byte, are no CSV.
 * - Parsing: csv-parse (quotes, embedded commas, CRLF). A preamble (account number, period …) may precede the
 *   header row, which must name 거래일시, 입금자명, 입금액 and 잔액 (출금액 optional; a few aliases banks use).
 * - Each data row is validated; the first bad one refuses the whole file (400 BANK_STATEMENT_INVALID naming the line
 *   and the field), so nothing of a half-read statement is ever applied. Rows without 입금액 are not credits.
 * - 거래일시 as banks print it (`2026.11.28 14:03:22`, `2026-11-28 14:03`, `2026/11/28 14:03:22`), Korean time.
 * - A credit line's identity (line_key): sha256 of its normalized fields and its occurrence among equal lines in
 *   the file, so the same statement — or an overlapping later export — names each line the same way.
 */
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { AppError } from "@/lib/errors";

/** At most this many data rows in one statement. */
export const STATEMENT_MAX_LINES = 5000;
/** At most this many bytes in one statement file (the upload is cut off beyond it: 413). */
export const STATEMENT_MAX_BYTES = 1024 * 1024;
/** Rows before the header a bank may print (account, period, …). */
const PREAMBLE_MAX = 20;
const NAME_MAX = 40;

export type StatementEncoding = "UTF-8" | "EUC-KR";

export type StatementLine = {
  /** The line's number in the file (1-based, as an editor shows it). */
  lineNo: number;
  occurredAt: Date;
  /** As printed, inner spaces removed (a depositor name never has any). */
  depositorName: string;
  /** Whole won, decimal text without separators. */
  amountKrw: string;
  balanceKrw: string | null;
  /** The row as the file has it (kept with the line). */
  raw: string;
  /** 1 for the first line with these fields in the file, 2 for an identical one after it, … */
  occurrence: number;
  lineKey: string;
};

export type Statement = { encoding: StatementEncoding; lines: StatementLine[] };

/** What is wrong, as a key the message names in the reader's language (messages/<locale>/errors.json). */
export type StatementProblem =
  | "no_file"
  | "binary"
  | "encoding"
  | "csv"
  | "header"
  | "too_many"
  | "amount"
  | "datetime"
  | "no_amount"
  | "both_amounts"
  | "name";

/** `detail` keeps the English phrase for API clients and logs; people read the message built from `problem`. */
export const invalid = (problem: StatementProblem, detail: string, at: { line?: number; field?: string } = {}) =>
  new AppError("BANK_STATEMENT_INVALID", { problem, detail, ...at });

/** The text of the file and the encoding it was read in. */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: StatementEncoding } {
  if (bytes.includes(0)) throw invalid("binary", "not a CSV text file");
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {}
  try {
    return { text: new TextDecoder("euc-kr", { fatal: true }).decode(bytes), encoding: "EUC-KR" };
  } catch {
    throw invalid("encoding", "neither UTF-8 nor EUC-KR text");
  }
}

type Column = "occurredAt" | "time" | "name" | "credit" | "debit" | "balance";
/** Header names banks use, compared without spaces and a "(원)" suffix. The first names are the issue's. */
const HEADERS: Record<Column, string[]> = {
  occurredAt: ["거래일시", "거래일자", "거래일"],
  time: ["거래시간", "거래시각"],
  name: ["입금자명", "보낸분", "입금자", "기재내용", "적요"],
  credit: ["입금액", "입금금액", "맡기신금액", "입금"],
  debit: ["출금액", "출금금액", "찾으신금액", "출금"],
  balance: ["잔액", "거래후잔액", "잔고"],
};
const REQUIRED: Column[] = ["occurredAt", "name", "credit", "balance"];
const FIELD_NAME: Record<Column, string> = {
  occurredAt: "거래일시",
  time: "거래시간",
  name: "입금자명",
  credit: "입금액",
  debit: "출금액",
  balance: "잔액",
};

const normHeader = (h: string) => h.replace(/\s+/g, "").replace(/\(원\)$/, "");

/** Column → index when this row is the header, else null. An earlier alias wins over a later one. */
function headerOf(row: string[]): Partial<Record<Column, number>> | null {
  const cells = row.map(normHeader);
  const found: Partial<Record<Column, number>> = {};
  for (const col of Object.keys(HEADERS) as Column[]) {
    for (const name of HEADERS[col]) {
      const i = cells.indexOf(name);
      if (i >= 0) {
        found[col] = i;
        break;
      }
    }
  }
  return REQUIRED.every((c) => found[c] !== undefined) ? found : null;
}

const DATE_TIME =
  /^(\d{4})\s*[.\-/]\s*(\d{1,2})\s*[.\-/]\s*(\d{1,2})\.?(?:\s*(?:\s|T)\s*(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2}):?(\d{2}):?(\d{2})?)?$/;
const TIME = /^(\d{1,2}):?(\d{2})(?::?(\d{2}))?$/;

/** A Korean-time timestamp as banks print it, or null. The time is required (a date alone cannot be judged). */
export function parseKstDateTime(date: string, time?: string): Date | null {
  const m = DATE_TIME.exec(date) ?? COMPACT.exec(date);
  if (!m) return null;
  let [h, mi, s] = [m[4], m[5], m[6]];
  if (h === undefined && time !== undefined) {
    const t = TIME.exec(time);
    if (!t) return null;
    [h, mi, s] = [t[1], t[2], t[3]];
  }
  if (h === undefined || mi === undefined) return null;
  const [y, mo, d, hh, mm, ss] = [m[1], m[2], m[3], h, mi, s ?? "0"].map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || hh! > 23 || mm! > 59 || ss! > 59) return null;
  const utc = Date.UTC(y!, mo! - 1, d!, hh! - 9, mm!, ss!);
  const kst = new Date(utc + 9 * 3600_000);
  if (kst.getUTCDate() !== d || kst.getUTCMonth() !== mo! - 1) return null; // 2026.02.30
  return new Date(utc);
}

/** Whole won as printed (`1,234,000`, `1234000`, `1,234,000.00`, `1,234,000원`): the digits, or null. Empty → "". */
export function parseKrw(cell: string): string | null {
  const c = cell.replace(/\s+/g, "").replace(/원$/, "");
  if (c === "" || c === "-") return "";
  // "28.000" is no amount (a dot never groups thousands in won): only ".0" or ".00" after whole won.
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.0{1,2})?$/.test(c)) return null;
  const digits = c
    .replace(/\.0+$/, "")
    .replace(/,/g, "")
    .replace(/^0+(?=\d)/, "");
  return digits.length > 20 ? null : digits;
}

type Parsed = { record: string[]; raw: string; info: { lines: number } };

/**
 * The credit lines of a bank statement file. 400 BANK_STATEMENT_INVALID (with `line` and `field` when one row is at
 * fault) for anything it cannot read whole: the encoding, the CSV, no header, a bad row, more than
 * STATEMENT_MAX_LINES rows.
 */
export function parseStatement(bytes: Uint8Array): Statement {
  const { text, encoding } = decodeStatement(bytes);
  let rows: Parsed[];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
      max_record_size: 64 * 1024,
    }) as unknown as Parsed[];
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw invalid("csv", "the CSV cannot be read", line ? { line } : {});
  }
  const headerAt = rows.slice(0, PREAMBLE_MAX).findIndex((r) => headerOf(r.record) !== null);
  if (headerAt < 0) throw invalid("header", "no header row with 거래일시, 입금자명, 입금액, 잔액");
  const cols = headerOf(rows[headerAt]!.record)!;
  const data = rows.slice(headerAt + 1).filter((r) => r.record.some((c) => c !== ""));
  if (data.length > STATEMENT_MAX_LINES)
    throw invalid("too_many", `more than ${STATEMENT_MAX_LINES} lines`, { line: STATEMENT_MAX_LINES });

  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  for (const { record, raw, info } of data) {
    const line = info.lines;
    const cell = (c: Column) => (cols[c] === undefined ? undefined : (record[cols[c]] ?? ""));
    const amount = (c: Column) => {
      const v = cell(c);
      if (v === undefined) return "";
      const k = parseKrw(v);
      if (k === null) throw invalid("amount", "not an amount in won", { line, field: FIELD_NAME[c] });
      return k;
    };
    const occurredAt = parseKstDateTime(cell("occurredAt")!, cell("time"));
    if (!occurredAt) throw invalid("datetime", "not a date and time", { line, field: FIELD_NAME.occurredAt });
    const credit = amount("credit");
    const debit = amount("debit");
    const balance = amount("balance");
    if (credit === "" || credit === "0") {
      if (debit === "" || debit === "0")
        throw invalid("no_amount", "neither 입금액 nor 출금액", { line, field: FIELD_NAME.credit });
      continue; // money out: no credit to match
    }
    if (debit !== "" && debit !== "0")
      throw invalid("both_amounts", "both 입금액 and 출금액", { line, field: FIELD_NAME.debit });
    const depositorName = cell("name")!.replace(/\s+/g, "");
    if (!depositorName || Array.from(depositorName).length > NAME_MAX || /\p{Cc}/u.test(depositorName))
      throw invalid("name", "no depositor name", { line, field: FIELD_NAME.name });
    const balanceKrw = balance === "" ? null : balance;
    const identity = [occurredAt.toISOString(), depositorName, credit, balanceKrw ?? ""].join("\u001f");
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    lines.push({
      lineNo: line,
      occurredAt,
      depositorName,
      amountKrw: credit,
      balanceKrw,
      raw: raw.replace(/\r?\n$/, "").slice(0, 1000),
      occurrence,
      lineKey: createHash("sha256").update(`${identity}\u001f${occurrence}`).digest("hex"),
    });
  }
  return { encoding, lines };
}
