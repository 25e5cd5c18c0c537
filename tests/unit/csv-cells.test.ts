/**
 * Table tests for the CSV cell rule of every export (lib/admin/export.ts safeCell): a cell a spreadsheet would
 * run as a formula gets a leading apostrophe — the ASCII starters, their fullwidth lookalikes, a leading tab or
 * carriage return — while a plain decimal number, negative included, stays a number a tax sheet can add up.
 */
import { describe, expect, it } from "vitest";
import { safeCell } from "@/lib/admin/export";

describe("I42 safeCell: formula characters escaped, numbers kept", () => {
  it.each([
    // Numbers stay numbers.
    ["-1", "-1"],
    ["-12.5", "-12.5"],
    ["-0.00000001", "-0.00000001"],
    ["-28560.00", "-28560.00"],
    ["0", "0"],
    ["1234.5678", "1234.5678"],
    [-7, "-7"],
    [12.25, "12.25"],
    // Text that only starts like a number is still a formula.
    ["-1+1", "'-1+1"],
    ["-2-3", "'-2-3"],
    ["-1e5", "'-1e5"],
    ["-", "'-"],
    ["--1", "'--1"],
    ["-.5", "'-.5"],
    ["-1.", "'-1."],
    ["- 1", "'- 1"],
    ["-1\n=cmd", "'-1\n=cmd"],
    ["+1", "'+1"],
    ["+82-10-1111", "'+82-10-1111"],
    // The ASCII starters, a tab and a carriage return.
    ['=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"],
    ["\tTAB", "'\tTAB"],
    ["\r=1", "'\r=1"],
    // Their fullwidth lookalikes (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets fold to ASCII.
    ['＝HYPERLINK("http://evil")', '\'＝HYPERLINK("http://evil")'],
    ["＋1+1", "'＋1+1"],
    ["－1", "'－1"],
    ["＠SUM(A1)", "'＠SUM(A1)"],
    // Anything else is left alone.
    ["김철수", "김철수"],
    ["010-1234-5678", "010-1234-5678"],
    ["a=b", "a=b"],
    [" =1", " =1"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [{ a: -1 }, '{"a":-1}'],
  ])("%j → %j", (value, cell) => {
    expect(safeCell(value)).toBe(cell);
  });
});
