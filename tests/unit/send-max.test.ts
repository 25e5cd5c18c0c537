/** The 최대 figure of the send form (components/wallet/send-source.tsx fillMax). */
import { describe, expect, it } from "vitest";
import { fillMax } from "@/components/wallet/send-source";
import { sendableMax } from "@/components/wallet/withdraw-limits";
import { D } from "@/lib/money";
import type { WithdrawStatus } from "@/lib/wallet/limits";

const status = (leftTodayKrw: string, inLock = "0"): WithdrawStatus =>
  ({ leftTodayKrw, krwHold: { amount: inLock, inLock, releasesAt: null } }) as unknown as WithdrawStatus;

describe("최대: what the server accepts (amount + fee ≤ the lock balance less the KRW hold, within today's limit)", () => {
  it("is the lock balance less the fee, floored to 2 decimals", () => {
    const max = sendableMax(new D("200"), new D("0.2"), status("2000000"));
    expect(fillMax(max, status("2000000"), new D("1540"))?.toFixed()).toBe("199.8");
    const odd = sendableMax(new D("100.129"), new D("0.2"), status("2000000"));
    expect(fillMax(odd, status("2000000"), new D("1540"))?.toFixed()).toBe("99.92");
  });
  it("leaves out the part of the lock the KRW hold keeps", () => {
    const s = status("2000000", "50");
    expect(fillMax(sendableMax(new D("200"), new D("0.2"), s), s, new D("1540"))?.toFixed()).toBe("149.8");
  });
  it("stays within what is left of today's limit at the price on screen", () => {
    const s = status("100000");
    const out = fillMax(sendableMax(new D("1000"), new D("0.2"), s), s, new D("1540"))!;
    expect(out.toFixed()).toBe("64.93");
    expect(out.times(1540).lte(100000)).toBe(true);
  });
  it("is nothing below the minimum of 5", () => {
    expect(fillMax(sendableMax(new D("5.1"), new D("0.2"), status("2000000")), undefined, null)).toBeNull();
    expect(fillMax(sendableMax(new D("0"), new D("0.2"), undefined), undefined, null)).toBeNull();
  });
});
