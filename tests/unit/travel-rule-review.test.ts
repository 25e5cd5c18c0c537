/** Table tests for when the send flow asks the Travel Rule's recipient details and what it sends (lib/wallet/review.ts). */
import { describe, expect, it } from "vitest";
import { D } from "@/lib/money";
import { missingTravelRuleFields } from "@/lib/travel-rule/fields";
import { splitWalletAddr, travelRuleApplies, travelRuleBody } from "@/lib/wallet/review";

describe("the Travel Rule applies at the threshold, at the price the form shows", () => {
  it.each([
    ["649.35", "1540", "1000000", false], // ₩999,999
    ["649.36", "1540", "1000000", true], // ₩1,000,014.4
    ["1000", "1000", "1000000", true], // exactly ₩1,000,000
    ["5", "1540", "0", true], // "0": every amount
    ["5", null, "0", true],
    ["5000", null, "1000000", false], // no price: the server judges it
    ["5000", "1540", undefined, false], // no status yet
  ])("%s WLD at ₩%s, threshold %s → %s", (amount, price, threshold, want) => {
    expect(travelRuleApplies(new D(amount), price ? new D(price) : null, threshold)).toBe(want);
  });
});

describe("the request's travelRule and what the server would call missing", () => {
  it.each([
    [
      { recipientName: " 홍길동 ", selfOwned: true, relationship: "" as const },
      { recipientName: "홍길동", selfOwned: true },
      [],
    ],
    [
      { recipientName: "김철수", selfOwned: false, relationship: "FAMILY" as const },
      { recipientName: "김철수", selfOwned: false, relationship: "FAMILY" },
      [],
    ],
    [
      { recipientName: "김철수", selfOwned: true, relationship: "FRIEND" as const },
      { recipientName: "김철수", selfOwned: true },
      [],
    ],
    [
      { recipientName: "  ", selfOwned: false, relationship: "" as const },
      { recipientName: "", selfOwned: false },
      ["recipientName", "relationship"],
    ],
  ])("%j → %j", (form, body, missing) => {
    expect(travelRuleBody(form)).toEqual(body);
    expect(missingTravelRuleFields(travelRuleBody(form))).toEqual(missing);
  });
});

it("a personal wallet's address reads as one", () => {
  expect(splitWalletAddr("OP|PERSONAL|0x52908400098527886E0F7030069857D2E4169EE7")?.personal).toBe(true);
  expect(splitWalletAddr("OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7")?.personal).toBe(false);
});
