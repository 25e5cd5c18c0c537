/** The strict JSON reading of request bodies: numbers judged by their source text, control characters refused. */
import { describe, expect, it } from "vitest";
import { hasControlChars, isSingleLine, parseJsonStrictOrThrow, UnsafeNumber } from "@/lib/http/body";
import { isExactJsonNumber, parseAmount } from "@/lib/money";

describe("isExactJsonNumber: a plain decimal of at most 15 significant digits that a double holds", () => {
  it.each([
    ["10", true],
    ["0", true],
    ["-0", true],
    ["-1.5", true],
    ["0.1", true],
    ["5.00", true],
    ["0.000000000000001", true],
    ["999999999999999", true],
    ["123456789.012345", true],
    ["100000000000000.0", true],
    ["0.00000000000000000000000000001", true],
    ["1e1", false],
    ["1E1", false],
    ["1e-7", false],
    ["1.5e+3", false],
    ["5.0000000000000001", false],
    ["1000000000000000", false],
    ["12345678901234567890", false],
    ["9007199254740993", false],
    ["1234567890.1234567", false],
    [`1${"0".repeat(400)}`, false],
    [`0.${"0".repeat(400)}1`, false],
    ["01", false],
    ["+1", false],
    [".5", false],
    ["1.", false],
    ["0x10", false],
    ["NaN", false],
    ["Infinity", false],
  ])("%s → %s", (text, ok) => {
    expect(isExactJsonNumber(text)).toBe(ok);
  });
});

describe("A3 parseJsonStrictOrThrow", () => {
  it("parses like JSON.parse when every number is plain and exact", () => {
    const text = '{"a":1,"b":[true,false,null,"x\\"y\\\\"],"c":{"d":-2.5,"e":"\\u00e9"},"f":0.1}';
    expect(parseJsonStrictOrThrow(text)).toEqual(JSON.parse(text));
    expect(parseJsonStrictOrThrow(" \n\t[ ] ")).toEqual([]);
    expect(parseJsonStrictOrThrow("{ }")).toEqual({});
    expect(parseJsonStrictOrThrow('"s"')).toBe("s");
    expect(parseJsonStrictOrThrow("7")).toBe(7);
  });

  it.each([
    ['{"amount":1e1}', "1e1"],
    ['{"amount":5.0000000000000001}', "5.0000000000000001"],
    ['{"amount":12345678901234567890}', "12345678901234567890"],
    ['{"amount":1E+2}', "1E+2"],
    ['{"amount":-0.5e-1}', "-0.5e-1"],
  ])("%s keeps the number as its text, so the field's schema refuses it", (text, raw) => {
    const v = parseJsonStrictOrThrow(text) as { amount: unknown };
    expect(v.amount).toBeInstanceOf(UnsafeNumber);
    expect((v.amount as UnsafeNumber).text).toBe(raw);
    expect(parseAmount(v.amount)).toBeNull();
  });

  it("a number inside a string is a string, however it looks", () => {
    expect(parseJsonStrictOrThrow('{"a":"1e1","b":"}]\\"1e1"}')).toEqual({ a: "1e1", b: '}]"1e1' });
  });

  it("__proto__ is an own property, as with JSON.parse; a repeated key keeps the last value", () => {
    const v = parseJsonStrictOrThrow('{"__proto__":{"admin":true},"a":1,"a":2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.keys(v)).toEqual(["__proto__", "a"]);
    expect(v.a).toBe(2);
  });

  it.each([
    ['{"name":"a\\u0000b"}', "name"],
    ['{"x":{"y":["ok","\\u001b[31m"]}}', "x.y.1"],
    ['{"bad\\u0000key":1}', "(key)"],
    ['{"c1":"\\u0085"}', "c1"],
    ['{"del":"\\u007f"}', "del"],
  ])("%s → 400 INVALID_CHARACTERS (field %s)", (text, field) => {
    expect(() => parseJsonStrictOrThrow(text)).toThrow(
      expect.objectContaining({
        code: "INVALID_CHARACTERS",
        status: 400,
        params: expect.objectContaining({ field: expect.stringContaining(field) }),
      }),
    );
  });

  it("tab and line breaks pass the body check (multi-line free text); single-line fields refuse them", () => {
    expect(parseJsonStrictOrThrow('{"reason":"line 1\\nline 2\\tx\\r"}')).toEqual({ reason: "line 1\nline 2\tx\r" });
    expect(hasControlChars("a\nb\tc")).toBe(false);
    expect(isSingleLine("a\nb")).toBe(false);
    expect(isSingleLine("a\u2028b")).toBe(false);
    expect(isSingleLine("홍길동 Kim")).toBe(true);
  });

  it.each(["{", '{"a":}', "[1,]", "01", "'a'", "NaN", '{"a":1}x', "\u00a0{}"])("%s → 400 INVALID_JSON", (text) => {
    expect(() => parseJsonStrictOrThrow(text)).toThrow(expect.objectContaining({ code: "INVALID_JSON" }));
  });

  it("nesting deeper than 32 → 400 INVALID_JSON (no stack overflow)", () => {
    expect(() => parseJsonStrictOrThrow("[".repeat(40_000) + "]".repeat(40_000))).toThrow(
      expect.objectContaining({ code: "INVALID_JSON" }),
    );
    expect(parseJsonStrictOrThrow("[".repeat(30) + "]".repeat(30))).toBeInstanceOf(Array);
  });
});

describe("A3 parseAmount of a number value", () => {
  it.each([
    [10, "10"],
    [0.25, "0.25"],
    [1e-7, "0.0000001"],
    [-0, "0"],
  ])("%s → %s", (n, s) => {
    expect(parseAmount(n, 18, true)?.toFixed()).toBe(s);
  });
  it.each([1e21, 0.1 + 0.2, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY])("%s → null", (n) => {
    expect(parseAmount(n)).toBeNull();
  });
});
