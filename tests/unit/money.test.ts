import { describe, expect, it } from "vitest";
import { floorTo, formatKrw, formatWld, parseAmount, toDecimalString } from "@/lib/money";

describe("A3 parseAmount is strict", () => {
  it.each([
    [10, "10"],
    ["10", "10"],
    ["10.25", "10.25"],
    [0.1, "0.1"],
    ["0.000000000000000001", "0.000000000000000001"],
    ["99999999999999999999.5", "99999999999999999999.5"],
  ])("accepts %j as %s", (input, expected) => {
    expect(parseAmount(input)?.toFixed()).toBe(expected);
  });

  it.each([
    ["1e3"],
    [1e21],
    ["+5"],
    ["-5"],
    ["0x10"],
    [" 5"],
    ["5 "],
    ["5."],
    [".5"],
    ["05"],
    ["1,000"],
    [""],
    [null],
    [true],
    [[5]],
    [{ amount: 5 }],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ["NaN"],
    ["Infinity"],
    ["0.0000000000000000001"],
    ["٣"],
  ])("refuses %j", (input) => {
    expect(parseAmount(input)).toBeNull();
  });

  it("honours a coin's decimals and an explicit sign permission", () => {
    expect(parseAmount("1.123", 2)).toBeNull();
    expect(parseAmount("1.12", 2)?.toFixed()).toBe("1.12");
    expect(parseAmount("-1.5", 18, true)?.toFixed()).toBe("-1.5");
  });
});

describe("rounding and formatting", () => {
  it.each([
    ["9.809", 2, "9.8"],
    ["9.8099999", 2, "9.8"],
    ["0.009", 2, "0"],
    ["12.345678919", 8, "12.34567891"],
  ])("floorTo(%s, %i) = %s", (value, places, expected) => {
    expect(toDecimalString(floorTo(value, places))).toBe(expected);
  });

  it("formats KRW without decimals and WLD with at most 2 (list) or 8 (detail), cutting not rounding", () => {
    expect(formatKrw("1234567.89")).toBe("1,234,567");
    expect(formatWld("1234.5678")).toBe("1,234.56");
    expect(formatWld("0.123456789", true)).toBe("0.12345678");
    expect(formatWld("-3.999")).toBe("-3.99");
  });

  it("canonical decimal strings drop trailing zeros and never use exponents", () => {
    expect(toDecimalString("12.500000000000000000")).toBe("12.5");
    expect(toDecimalString("0.000000000000000001")).toBe("0.000000000000000001");
    expect(toDecimalString("100000000000000000000000")).toBe("100000000000000000000000");
  });
});
