/** Table tests for every fee, rounding and address rule of the money calls (the spec's transfer rules, DESIGN.md). */
import { describe, expect, it } from "vitest";
import { isEvmAddress, toChecksumAddress } from "@/lib/evm-address";
import { EXCHANGES } from "@/lib/exchanges";
import { D } from "@/lib/money";
import { parseWalletAddrOrThrow, transferFeeFor } from "@/lib/wallet/address";
import { checkTransfer, spendableMax } from "@/lib/wallet/fees";
import { depositCoinAmount } from "@/lib/wallet/deposit-quotes";

describe("A4 spendable maximum = floor2(staked − fee)", () => {
  it.each([
    ["10.009", "0.2", "9.8"],
    ["10", "0.2", "9.8"],
    ["10.2", "0.2", "10"],
    ["10.219", "0.2", "10.01"],
    ["10.2199999", "0.2", "10.01"],
    ["5.2", "0.2", "5"],
    ["5.199", "0.2", "4.99"],
    ["6.5", "1.5", "5"],
    ["6.499999999999999999", "1.5", "4.99"],
    ["100", "1.5", "98.5"],
    ["0.1", "0.2", "0"],
    ["0", "1.5", "0"],
    ["1000.123456789012345678", "0.2", "999.92"],
  ])("staked %s, fee %s → %s", (staked, fee, want) => {
    expect(spendableMax(staked, fee).toFixed()).toBe(want);
  });
});

describe("A4 transfer check: minimum 5, at most the spendable maximum, total = amount + fee", () => {
  it.each([
    ["5", "5.2", "0.2", "ok", "5.2"],
    ["4.99", "100", "0.2", "BELOW_MINIMUM", null],
    ["5.01", "5.2", "0.2", "ABOVE_MAXIMUM", null],
    ["9.8", "10.009", "0.2", "ok", "10"],
    ["9.81", "10.009", "0.2", "ABOVE_MAXIMUM", null],
    ["10", "11.5", "1.5", "ok", "11.5"],
    ["10.01", "11.5", "1.5", "ABOVE_MAXIMUM", null],
  ])("amount %s with staked %s, fee %s → %s", (amount, staked, fee, want, total) => {
    const r = checkTransfer(new D(amount), staked, fee);
    if (want === "ok") {
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.total.toFixed()).toBe(total);
    } else {
      expect(r).toMatchObject({ ok: false, reason: want });
    }
  });
});

describe("fee by wallet address network", () => {
  it.each([
    ["OP|Binance|0x52908400098527886E0F7030069857D2E4169EE7", "0.2"],
    ["WORLDCHAIN|Upbit|0x52908400098527886E0F7030069857D2E4169EE7", "0.2"],
    ["ERC20|Upbit|0x52908400098527886E0F7030069857D2E4169EE7", "1.5"],
    ["op|x|y", "0.2"],
    ["worldchain|x|y", "0.2"],
    ["홍길동|국민은행|123-456", "0.2"],
    ["", "0.2"],
    [null, "0.2"],
  ])("%s → %s", (addr, fee) => {
    expect(transferFeeFor(addr)).toBe(fee);
  });
});

describe("deposit conversion: KRW / price, 6 decimals, rounded down", () => {
  it.each([
    ["10000", "2800", "3.571428"],
    ["1", "3", "0.333333"],
    ["2800", "2800", "1"],
    ["1000000", "1234.56789", "810.000007"],
    ["1", "2000000", "0"],
  ])("%s KRW at %s → %s", (krw, price, want) => {
    expect(depositCoinAmount(krw, price).toFixed()).toBe(want);
  });
});

describe("EVM addresses and EIP-55", () => {
  // Test vectors from EIP-55.
  const good = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    "0x52908400098527886E0F7030069857D2E4169EE7",
  ];
  it.each(good)("accepts the checksummed %s and its all-lower/all-upper forms", (a) => {
    expect(isEvmAddress(a)).toBe(true);
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    expect(isEvmAddress(a.toLowerCase())).toBe(true);
    expect(isEvmAddress(`0x${a.slice(2).toUpperCase()}`)).toBe(true);
  });
  it.each([
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", // one letter's case flipped
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae", // 39 hex
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0", // 41 hex
    "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", // no 0x
    "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg", // not hex
    " 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
    "",
  ])("refuses %j", (a) => {
    expect(isEvmAddress(a)).toBe(false);
  });
});

describe("wallet address text NETWORK|EXCHANGE|ADDRESS", () => {
  const addr = "0x52908400098527886E0F7030069857D2E4169EE7";
  it("has the spec's list sizes and Binance on OP (the demo seed)", () => {
    expect(EXCHANGES.ERC20).toHaveLength(16);
    expect(EXCHANGES.OP).toHaveLength(14);
    expect(EXCHANGES.WORLDCHAIN).toHaveLength(1);
    expect(EXCHANGES.OP).toContain("Binance");
    for (const list of Object.values(EXCHANGES)) expect(new Set(list).size).toBe(list.length);
  });
  it("accepts and canonicalises a good address", () => {
    expect(parseWalletAddrOrThrow(`op|binance|${addr}`).text).toBe(`OP|Binance|${addr}`);
    expect(parseWalletAddrOrThrow(`WORLDCHAIN|${EXCHANGES.WORLDCHAIN[0]}|${addr.toLowerCase()}`).network).toBe(
      "WORLDCHAIN",
    );
  });
  it.each([
    [`OP|Binance`, "walletAddr"],
    [`OP|Binance|${addr}|x`, "walletAddr"],
    [`BSC|Binance|${addr}`, "network"],
    [`OP|Bitfinex|${addr}`, "exchange"],
    [`WORLDCHAIN|Binance2|${addr}`, "exchange"],
    [`OP|Binance|0x52908400098527886e0F7030069857D2E4169EE7`, "address"],
    [`OP|Binance|hello`, "address"],
  ])("refuses %s (field %s)", (text, field) => {
    expect(() => parseWalletAddrOrThrow(text)).toThrow(
      expect.objectContaining({ code: "INVALID_WALLET", params: { field } }),
    );
  });
  it("requires every part", () => {
    expect(() => parseWalletAddrOrThrow(`OP||${addr}`)).toThrow(
      expect.objectContaining({ code: "WALLET_FIELDS_REQUIRED" }),
    );
  });
});
