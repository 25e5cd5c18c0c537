/** The bank statement reader's rules (lib/deposits/statement.ts) and the depositor name's shape, table by table. */
import { describe, expect, it } from "vitest";
import { depositorNameCandidate, depositorPrefix } from "@/lib/deposits/depositor-name";
import { parseKrw, parseKstDateTime, parseStatement } from "@/lib/deposits/statement";

describe("depositor names (입금자명)", () => {
  it.each([
    ["홍길동", "홍길동"],
    ["남궁 민수", "남궁민"],
    ["김 수", "김수"],
    ["Kim Min-su", "Kim"],
    ["O'Neil", "ONe"],
    ["   ", "WLD"],
    ["이", "이"],
  ])("%j → prefix %j", (name, prefix) => {
    expect(depositorPrefix(name)).toBe(prefix);
  });

  it("is the prefix and 4 digits, at most 7 characters", () => {
    expect(depositorNameCandidate("홍길동", 7)).toBe("홍길동0007");
    expect(depositorNameCandidate("남궁 민수", 1234)).toBe("남궁민1234");
    for (let i = 0; i < 200; i++) {
      const n = depositorNameCandidate("황보 세종대왕");
      expect(Array.from(n).length).toBeLessThanOrEqual(7);
      expect(n).toMatch(/^황보세[0-9]{4}$/);
    }
  });
});

describe("거래일시 (Korean time)", () => {
  it.each([
    ["2026.11.28 14:03:22", undefined, "2026-11-28T05:03:22.000Z"],
    ["2026-11-28 14:03", undefined, "2026-11-28T05:03:00.000Z"],
    ["2026/11/28 00:00:01", undefined, "2026-11-27T15:00:01.000Z"],
    ["2026. 11. 28. 09:05:00", undefined, "2026-11-28T00:05:00.000Z"],
    ["20261128 140322", undefined, "2026-11-28T05:03:22.000Z"],
    ["2026.11.28", "14:03:22", "2026-11-28T05:03:22.000Z"],
  ])("%j %j → %s", (date, time, iso) => {
    expect(parseKstDateTime(date, time)?.toISOString()).toBe(iso);
  });

  it.each([["2026.02.30 10:00"], ["2026.13.01 10:00"], ["2026.11.28 24:00"], ["2026.11.28"], ["어제"], [""]])(
    "%j is no time",
    (date) => {
      expect(parseKstDateTime(date)).toBeNull();
    },
  );
});

describe("amounts in won", () => {
  it.each([
    ["1,234,000", "1234000"],
    ["1234000", "1234000"],
    ["28,000.00", "28000"],
    ["28,000원", "28000"],
    [" 5 000", "5000"],
    ["", ""],
    ["-", ""],
    ["0", "0"],
  ])("%j → %j", (cell, digits) => {
    expect(parseKrw(cell)).toBe(digits);
  });

  it.each([["28.000"], ["12,34"], ["-5,000"], ["1e6"], ["abc"], ["1,000.5"]])("%j is refused", (cell) => {
    expect(parseKrw(cell)).toBeNull();
  });
});

describe("parseStatement", () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it("keys equal lines by their occurrence, so a later export overlapping this one names them the same", () => {
    const a = parseStatement(
      utf8("거래일시,입금자명,입금액,잔액\n2026.11.28 10:00,가나다1234,100,100\n2026.11.28 10:00,가나다1234,100,100\n"),
    );
    const b = parseStatement(
      utf8("거래일시,입금자명,입금액,잔액\n2026.11.28 10:00,가나다1234,100,100\n2026.11.28 11:00,라마바1234,5,105\n"),
    );
    expect(a.lines.map((l) => l.occurrence)).toEqual([1, 2]);
    expect(a.lines[0]!.lineKey).toBe(b.lines[0]!.lineKey);
    expect(a.lines[1]!.lineKey).not.toBe(a.lines[0]!.lineKey);
  });

  it("skips money-out lines and refuses a line that is both or neither", () => {
    const s = parseStatement(utf8("거래일시,입금자명,출금액,입금액,잔액\n2026.11.28 10:00,관리비,500,,0\n"));
    expect(s.lines).toEqual([]);
    expect(() => parseStatement(utf8("거래일시,입금자명,출금액,입금액,잔액\n2026.11.28 10:00,x,500,100,0\n"))).toThrow(
      expect.objectContaining({ code: "BANK_STATEMENT_INVALID", params: expect.objectContaining({ field: "출금액" }) }),
    );
  });

  it("reads EUC-KR bytes (what Korean banks export) and UTF-8 with or without a BOM alike", () => {
    // "거래일시,입금자명,입금액,잔액\n2026.11.28 10:00,가나다1234,100,100\n" in EUC-KR.
    const header = [0xb0, 0xc5, 0xb7, 0xa1, 0xc0, 0xcf, 0xbd, 0xc3, 0x2c, 0xc0, 0xd4, 0xb1, 0xdd, 0xc0, 0xda, 0xb8];
    const rest = [0xed, 0x2c, 0xc0, 0xd4, 0xb1, 0xdd, 0xbe, 0xd7, 0x2c, 0xc0, 0xdc, 0xbe, 0xd7, 0x0a];
    const line = [...utf8("2026.11.28 10:00,"), 0xb0, 0xa1, 0xb3, 0xaa, 0xb4, 0xd9, ...utf8("1234,100,100\n")];
    const euc = parseStatement(new Uint8Array([...header, ...rest, ...line]));
    expect(euc.encoding).toBe("EUC-KR");
    expect(euc.lines[0]).toMatchObject({ depositorName: "가나다1234", amountKrw: "100" });
    const text = "거래일시,입금자명,입금액,잔액\n2026.11.28 10:00,가나다1234,100,100\n";
    const bom = parseStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]));
    const plain = parseStatement(utf8(text));
    expect(bom.encoding).toBe("UTF-8");
    expect(bom.lines[0]!.lineKey).toBe(plain.lines[0]!.lineKey);
    expect(euc.lines[0]!.lineKey).toBe(plain.lines[0]!.lineKey);
  });
});
