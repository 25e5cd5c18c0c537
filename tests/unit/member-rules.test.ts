/** Table tests for the wallet screens' client-side rule previews (components/wallet/rules.ts). */
import { describe, expect, it } from "vitest";
import {
  checkTransferAmount,
  feeForWallet,
  remainingSeconds,
  spendable,
  swapAmountState,
} from "@/components/wallet/rules";
import { D } from "@/lib/money";
import { dailyReward } from "@/lib/staking/rates";

describe("transfer fee by wallet network", () => {
  it.each([
    ["OP|Upbit|0xabc", "0.2"],
    ["WORLDCHAIN|Binance|0xabc", "0.2"],
    ["ERC20|Upbit|0xabc", "1.5"],
    ["erc20|Upbit|0xabc", "1.5"],
    ["op-mainnet", "0.2"],
    ["wo", "0.2"],
    ["홍길동|국민은행|123-456", "0.2"],
    ["", "0.2"],
    [null, "0.2"],
  ])("%s → %s", (addr, fee) => {
    expect(feeForWallet(addr).toFixed()).toBe(fee);
  });
});

describe("spendable = staked − fee, floored to 2 decimals, never negative", () => {
  it.each([
    ["10.009", "0.2", "9.8"],
    ["801", "0.2", "800.8"],
    ["100", "1.5", "98.5"],
    ["5.199999", "0.2", "4.99"],
    ["0.1", "0.2", "0"],
    ["0", "1.5", "0"],
  ])("staked %s, fee %s → %s", (staked, fee, out) => {
    expect(spendable(new D(staked), new D(fee)).toFixed()).toBe(out);
  });
});

describe("transfer amount check (minimum 5, at most spendable, 2 decimals)", () => {
  it.each([
    ["", "100", "empty"],
    ["abc", "100", "invalid"],
    ["1e3", "100", "invalid"],
    ["-5", "100", "invalid"],
    ["5.001", "100", "invalid"],
    ["4.99", "100", "belowMin"],
    ["5", "100", "ok"],
    [" 5.5 ", "100", "ok"],
    ["100", "100", "ok"],
    ["100.01", "100", "aboveMax"],
    ["5", "4.99", "aboveMax"],
  ])("%s with max %s → %s", (text, max, out) => {
    expect(checkTransferAmount(text, new D(max))).toBe(out);
  });
});

describe("transfer amount check without a maximum (the transfer page leaves it to the server)", () => {
  it.each([
    ["", "empty"],
    ["1", "belowMin"],
    ["0.5", "belowMin"],
    ["4.99", "belowMin"],
    ["5", "ok"],
    ["1000000", "ok"],
    ["5.001", "invalid"],
    ["1e3", "invalid"],
  ])("%s → %s", (text, out) => {
    expect(checkTransferAmount(text)).toBe(out);
  });
});

describe("swap amount check (above 0, at most the holding)", () => {
  it.each([
    ["", "10", "empty"],
    ["0", "10", "invalid"],
    ["0.0", "10", "invalid"],
    ["-1", "10", "invalid"],
    ["1e1", "10", "invalid"],
    ["0.000000000000000001", "10", "ok"],
    ["10", "10", "ok"],
    ["10.000000000000000001", "10", "over"],
    ["1", "0", "over"],
  ])("%s with holding %s → %s", (text, holding, out) => {
    expect(swapAmountState(text, new D(holding))).toBe(out);
  });
});

describe("daily reward implied by an annual rate", () => {
  it.each([
    ["800", "12", "0.26301369"],
    ["801", "12", "0.26334246"],
    ["1000", "0", "0"],
    ["0", "12", "0"],
    ["365", "100", "1"],
    ["1", "0.01", "0.00000027"],
  ])("%s at %s%% → %s", (amount, rate, out) => {
    expect(dailyReward(amount, rate).toFixed()).toBe(out);
  });
});

describe("protected-lock countdown floors at zero", () => {
  const release = "2025-07-27T18:00:00+09:00";
  const at = (iso: string) => new Date(iso).getTime();
  it.each([
    ["2025-07-27T17:59:59+09:00", 1],
    ["2025-07-26T18:00:00+09:00", 86400],
    ["2025-07-27T09:00:00Z", 0],
    ["2026-11-22T12:00:00Z", 0],
  ])("at %s → %i s", (now, secs) => {
    expect(remainingSeconds(release, at(now))).toBe(secs);
  });
  it("is zero for an unreadable date", () => {
    expect(remainingSeconds("not a date", Date.now())).toBe(0);
  });
});
