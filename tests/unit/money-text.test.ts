import { describe, expect, it } from "vitest";
import { D, formatAmount } from "@/lib/money";
import {
  addFixed,
  fixedText,
  formatDecimal,
  formatKrwText,
  formatWldText,
  mulDivFixed,
  mulFixed,
  parseDecimal,
  subFixed,
} from "@/lib/money-text";

const f = (v: string | number) => {
  const p = parseDecimal(v);
  if (!p) throw new Error(`not a decimal: ${v}`);
  return p;
};

describe("exact decimal text for the browser (lib/money-text.ts)", () => {
  it.each([
    // value, max decimals, ko-KR, en-US
    ["0", 2, "0", "0"],
    ["1234.5678", 2, "1,234.56", "1,234.56"],
    ["1234.5678", 0, "1,234", "1,234"],
    ["0.129999999999999999", 2, "0.12", "0.12"],
    ["-3.999", 2, "-3.99", "-3.99"],
    ["1.50", 8, "1.5", "1.5"],
    ["1000", 2, "1,000", "1,000"],
    ["0.000000000000000001", 18, "0.000000000000000001", "0.000000000000000001"],
    ["0.000000000000000001", 8, "0", "0"],
    [
      "12345678901234567890.123456789012345678",
      18,
      "12,345,678,901,234,567,890.123456789012345678",
      "12,345,678,901,234,567,890.123456789012345678",
    ],
    [
      "99999999999999999999999999999999.99",
      0,
      "99,999,999,999,999,999,999,999,999,999,999",
      "99,999,999,999,999,999,999,999,999,999,999",
    ],
    ["1.5e-7", 8, "0.00000015", "0.00000015"],
    ["2e21", 0, "2,000,000,000,000,000,000,000", "2,000,000,000,000,000,000,000"],
    ["-0.001", 2, "0", "0"],
    ["garbage", 2, "0", "0"],
  ] as const)("formats %s at %i decimals", (value, places, ko, en) => {
    expect(formatDecimal(value, places, "ko-KR")).toBe(ko);
    expect(formatDecimal(value, places, "en-US")).toBe(en);
  });

  it("prints exactly what the server's formatter (lib/money.ts) prints, for many decimals and huge values", () => {
    const values = [
      "0.1",
      "0.2",
      "1251.81506845",
      "1251.815068450000000001",
      "7.000000000000000009",
      "123456789012345678901234567890.987654321098765432",
      "-98765.4321",
      "5000000",
      "0.5",
    ];
    for (const v of values)
      for (const places of [0, 2, 6, 8, 18]) expect(formatDecimal(v, places)).toBe(formatAmount(new D(v), places));
  });

  it("reads JSON numbers from their round-trip text, never through float arithmetic", () => {
    expect(fixedText(f(0.1))).toBe("0.1");
    expect(fixedText(f(1234.5))).toBe("1234.5");
    expect(fixedText(f(1e-7))).toBe("0.0000001");
    expect(fixedText(f(1.5e21))).toBe("1500000000000000000000");
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal("1.2.3")).toBeNull();
    expect(parseDecimal("0x10")).toBeNull();
    expect(parseDecimal(null)).toBeNull();
  });

  it("adds, subtracts and multiplies exactly (0.1 + 0.2 is 0.3)", () => {
    expect(fixedText(addFixed(f("0.1"), f("0.2")))).toBe("0.3");
    expect(fixedText(addFixed(f("1000"), f("251.815068450000000001")))).toBe("1251.815068450000000001");
    expect(fixedText(subFixed(f("1"), f("0.000000000000000001")))).toBe("0.999999999999999999");
    expect(fixedText(mulFixed(f("1251.815068450000000001"), f(2345.67)))).toBe(
      new D("1251.815068450000000001").mul("2345.67").toFixed(),
    );
    expect(fixedText(mulFixed(f("-2"), f("0.5")))).toBe("-1");
    // A count-up frame: 1/60th of the way, cut toward zero.
    expect(fixedText(mulDivFixed(f("100"), 1, 60))).toBe("1");
    expect(fixedText(mulDivFixed(f("100"), 1, 60, 4))).toBe("1.6666");
  });

  it("KRW without decimals, WLD with 2 in summaries and 8 in details", () => {
    expect(formatKrwText(2934567.89)).toBe("2,934,567");
    expect(formatKrwText("2934567.89", "en-US")).toBe("2,934,567");
    expect(formatWldText("1251.81506845")).toBe("1,251.81");
    expect(formatWldText("1251.81506845", true)).toBe("1,251.81506845");
  });
});
