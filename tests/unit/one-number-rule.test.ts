/**
 * One formatting rule for every figure — WLD cut (never rounded up) to 2 decimals in summaries,
 * KRW values amount × price cut to whole won — on the member screens (lib/money-text.ts), in the console
 * (components/admin/kit/format.ts) and on the server (lib/money.ts).
 */
import { describe, expect, it } from "vitest";
import { fmtKrw, fmtWld } from "@/components/admin/kit/format";
import { formatAmount, formatKrw } from "@/lib/money";
import { krwValueOf } from "@/lib/krw-value";
import { formatKrwText, formatWldText, parseDecimal } from "@/lib/money-text";

describe("one number rule for the member and the console", () => {
  it("a request's KRW value is cut, not rounded: ₩16,495.9 reads ₩16,495 on both sides", () => {
    const v = krwValueOf("10.711", "1540"); // 16,494.94
    expect(v.toFixed()).toBe("16494");
    const half = krwValueOf("10.7113", "1540"); // 16,495.402
    expect(formatKrwText(half)).toBe("16,495");
    const up = krwValueOf("10.7116", "1540"); // 16,495.864: rounding would say 16,496
    expect(formatKrwText(up)).toBe("16,495");
    expect(fmtKrw(up.toFixed(), "ko")).toBe("16,495");
    expect(fmtKrw("16495.864", "ko")).toBe("16,495");
    expect(formatKrw("16495.864")).toBe("16,495");
  });

  it("accepts strings, numbers and decimals alike, and garbage as zero", () => {
    expect(krwValueOf(parseDecimal("2.5")!, 1617.5).toFixed()).toBe("4043");
    expect(krwValueOf("0.000001", "1540").toFixed()).toBe("0");
    expect(krwValueOf("-1.5", "1000.7").toFixed()).toBe("-1501");
    expect(krwValueOf("abc", "1540").toFixed()).toBe("0");
  });

  it("WLD summaries print the same on Home, the wallet and the console", () => {
    for (const v of ["1251.81506845", "1250.5", "0.009", "1000", "-12.345"]) {
      const member = formatWldText(v);
      expect(fmtWld(v, "ko")).toBe(member);
      expect(formatAmount(v, 2)).toBe(member);
    }
    expect(formatWldText("1251.81506845")).toBe("1,251.81");
    expect(formatWldText("1000")).toBe("1,000");
    expect(formatWldText("1000", false, "en-US")).toBe("1,000");
  });
});
