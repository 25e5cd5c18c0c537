/** Table tests for the review step, the buy preview, the lock switch and the history's reading of rows (lib/wallet/review.ts). */
import { describe, expect, it } from "vitest";
import { changeTone, D, formatKrw, formatWld, formatWldFull } from "@/lib/money";
import { depositCoinAmount } from "@/lib/wallet/deposit-quotes";
import {
  buyPreview,
  checkBuyAmount,
  historyRowKind,
  sendReview,
  shortenAddress,
  splitWalletAddr,
} from "@/lib/wallet/review";
import { lockReleased } from "@/lib/wallet/lock-released";

describe("shortened addresses: 0x + first 4 … last 4", () => {
  it.each([
    ["0x52908400098527886E0F7030069857D2E4169EE7", "0x5290…9EE7"],
    ["0x12abXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXcdef", "0x12ab…cdef"],
    ["  0x12ab3cdef  ", "0x12ab3cdef"],
    ["0x123456789", "0x123456789"],
    ["0x1234567890", "0x1234…7890"],
    ["ABCDEFGHIJKLMNOP", "ABCD…MNOP"],
    ["short", "short"],
  ])("%s → %s", (addr, want) => {
    expect(shortenAddress(addr)).toBe(want);
  });
});

describe("the wallet address split into network, exchange and address", () => {
  it.each([
    ["OP|Binance|0x52908400098527886E0F7030069857D2E4169EE7", "OP", "Binance", "0x5290…9EE7"],
    ["ERC20|Upbit|0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "ERC20", "Upbit", "0x5aAe…eAed"],
    ["holder|bank|123-456", "holder", "bank", "123-456"],
    ["Binance|0xabc", "", "Binance", "0xabc"],
  ])("%s", (text, network, exchange, short) => {
    expect(splitWalletAddr(text)).toMatchObject({ network, exchange, short });
  });
  it("no address → null", () => {
    expect(splitWalletAddr(null)).toBeNull();
    expect(splitWalletAddr("  ")).toBeNull();
  });
});

describe("the review's figures: receive = entered, total = entered + fee of the network, KRW cut to whole won", () => {
  it.each([
    // amount, wallet, staked, price, receive, fee, total, remaining, feeKrw, totalKrw, receiveKrw
    ["10", "OP|Binance|0xabc", "100", "2800", "10", "0.2", "10.2", "89.8", "560", "28560", "28000"],
    ["5", "ERC20|Upbit|0xabc", "6.5", "2833.33", "5", "1.5", "6.5", "0", "4249", "18416", "14166"],
    ["12.34", "WORLDCHAIN|World App|0xabc", "50", "1999.99", "12.34", "0.2", "12.54", "37.46", "399", "25079", "24679"],
  ])(
    "%s WLD via %s (staked %s, ₩%s)",
    (amount, wallet, staked, price, receive, fee, total, remaining, feeKrw, totalKrw, receiveKrw) => {
      const r = sendReview({ amount, walletAddr: wallet, staked, priceKrw: new D(price) });
      expect(r.receive.toFixed()).toBe(receive);
      expect(r.fee.toFixed()).toBe(fee);
      expect(r.total.toFixed()).toBe(total);
      expect(r.remaining.toFixed()).toBe(remaining);
      expect(r.feeKrw?.toFixed()).toBe(feeKrw);
      expect(r.totalKrw?.toFixed()).toBe(totalKrw);
      expect(r.receiveKrw?.toFixed()).toBe(receiveKrw);
      expect(r.estimate).toBe(false);
    },
  );
  it("a stale price marks KRW as estimates; an untrusted one shows no KRW at all", () => {
    const base = { amount: "10", walletAddr: "OP|Binance|0xabc", staked: "100", priceKrw: new D("2800") };
    expect(sendReview({ ...base, priceStale: true })).toMatchObject({ estimate: true });
    expect(sendReview({ ...base, priceStale: true }).feeKrw?.toFixed()).toBe("560");
    const untrusted = sendReview({ ...base, priceTrusted: false });
    expect(untrusted.estimate).toBe(true);
    expect(untrusted.feeKrw).toBeNull();
    expect(sendReview({ ...base, priceKrw: null }).totalKrw).toBeNull();
  });
});

describe("buy: whole won above 0, converted at 6 decimals rounded down — the server's conversion", () => {
  it.each([
    ["10000", "2800", "3.571428"],
    ["1", "2800", "0.000357"],
    ["1000000", "3333.33", "300.0003"],
    ["2800", "2800", "1"],
    ["1", "9999999", "0"],
  ])("₩%s at ₩%s → %s WLD", (krw, price, want) => {
    expect(buyPreview(krw, price).toFixed()).toBe(new D(want).toFixed());
    expect(buyPreview(krw, price).toFixed()).toBe(depositCoinAmount(krw, price).toFixed());
  });
  it.each([
    ["", "empty"],
    ["  ", "empty"],
    ["0", "invalid"],
    ["-100", "invalid"],
    ["100.5", "invalid"],
    ["1e4", "invalid"],
    ["abc", "invalid"],
    ["10,000", "ok"],
    ["10000", "ok"],
    ["1", "tooSmall"],
  ])("%j → %s (price ₩2,800,000)", (text, want) => {
    expect(checkBuyAmount(text, new D("2800000"))).toBe(want);
  });
});

describe("the protected lock has ended once its moment has come", () => {
  const at = "2025-07-27T18:00:00+09:00";
  it.each([
    [Date.parse("2025-07-27T08:59:59Z"), false],
    [Date.parse("2025-07-27T09:00:00Z"), true],
    [Date.parse("2026-01-01T00:00:00Z"), true],
  ])("at %s → %s", (now, want) => {
    expect(lockReleased(at, now)).toBe(want);
  });
  it("an unreadable or missing date counts as not ended", () => {
    expect(lockReleased("not a date", Date.now())).toBe(false);
    expect(lockReleased(undefined, Date.now())).toBe(false);
  });
});

describe("history rows: a swap is a move to the lock, not income", () => {
  it.each([
    ["STAKING", "1", "toLock"],
    ["STAKING", "-3.5", "fromLock"],
    ["DEPOSIT", "1000", "in"],
    ["DEPOSIT", "-5", "out"],
    ["WITHDRAW", "10.2", "out"],
    ["TRANSFER", "5.2", "out"],
  ])("%s %s → %s", (type, amount, want) => {
    expect(historyRowKind(type, amount)).toBe(want);
  });
});

describe("summaries show 2 decimals (cut), the full figure on tap; KRW without decimals; change colours", () => {
  it.each([
    ["1251.81506845", "1,251.81", "1,251.81506845"],
    ["1000", "1,000", "1,000"],
    ["0.009", "0", "0.009"],
    ["0.000000000000000001", "0", "0.000000000000000001"],
    ["-3.999", "-3.99", "-3.999"],
  ])("%s → %s / %s", (v, short, full) => {
    expect(formatWld(v)).toBe(short);
    expect(formatWldFull(v)).toBe(full);
  });
  it("KRW has no decimals", () => {
    expect(formatKrw("28560.99")).toBe("28,560");
  });
  it.each([
    ["1.5", "up"],
    ["-0.1", "down"],
    ["0", "flat"],
    [0, "flat"],
  ])("change %s → %s", (v, want) => {
    expect(changeTone(v)).toBe(want);
  });
});
