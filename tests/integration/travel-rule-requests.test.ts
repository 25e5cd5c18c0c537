/**
 * The Travel Rule (SECURITY.md J43), the request side, through the real route: a transfer or withdrawal worth
 * TRAVEL_RULE_THRESHOLD_KRW (₩1,000,000) or more at the request's price needs the recipient's details — without
 * them 400 TRAVEL_RULE_REQUIRED names each missing field and nothing is written; with them the request stores one
 * travel_rule_records row whose IVMS 101 payload the `ivms101` package validates. ₩999,999 needs nothing and stores
 * nothing; threshold 0 applies the rule to every amount. WLD is priced at ₩10 here, so ₩999,999 is 99,999.9 WLD.
 */
import { sql } from "drizzle-orm";
import { validate } from "ivms101";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { setTestClock } from "@/lib/clock";
import { resetPriceFeeds } from "@/lib/prices";
import { countOf, createUser, fund, OP_WALLET, setFreshWldPrice, snapshot } from "../factories/money";
import { askTransfer as ask, provePersonalWallet, withdrawStatusOf } from "../factories/transfer-requests";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
const ADDRESS = OP_WALLET.split("|")[2]!;
const status = withdrawStatusOf;

/** WLD at exactly ₩10 (USDT ₩1,400, WLD 1/140 USDT), the only price stored, read fresh by the feeds. */
async function wldAt10Krw() {
  await (await getDb()).execute(sql`DELETE FROM price_snapshots WHERE true`);
  await setFreshWldPrice(new Date(), "0.00714285714286");
  resetPriceFeeds();
}

/** An ID-approved member with 250,000 WLD staked, sending to `walletAddr`. */
async function sender(walletAddr = OP_WALLET) {
  const u = await createUser({ idStatus: "APPROVED", walletAddr });
  await fund(u.id, { staked: "250000" });
  return u;
}

type RecordRow = {
  request_id: string;
  user_id: number;
  threshold_krw: string;
  amount: string;
  amount_krw: string;
  network: string;
  exchange: string;
  address: string;
  beneficiary_name: string;
  self_owned: boolean;
  relationship: string | null;
  ivms101: unknown;
  created_at: Date | string;
};

async function recordsOf(userId: number) {
  return rowsOf<RecordRow>(
    await (await getDb()).execute(sql`
      SELECT request_id::text, user_id, threshold_krw::text, trim_scale(amount)::text AS amount, amount_krw::text,
        network, exchange, address, beneficiary_name, self_owned, relationship, ivms101, created_at
      FROM travel_rule_records WHERE user_id = ${userId} ORDER BY id`),
  );
}

const memberName = async (id: number) =>
  rowsOf<{ name: string }>(await (await getDb()).execute(sql`SELECT name FROM users WHERE id = ${id}`))[0]!.name;

beforeEach(wldAt10Krw);
afterEach(() => {
  setTestClock(null);
  delete process.env.TRAVEL_RULE_THRESHOLD_KRW;
  delete process.env.OPERATOR_NAME;
});

describe(`J43 Travel Rule on transfer and withdraw requests (${dbName})`, () => {
  it("₩999,999 goes without the recipient's details and stores no record (details sent anyway are ignored)", async () => {
    const u = await sender();
    const t = await ask(u, { amount: "99999.9", type: "TRANSFER" });
    expect(t.status, t.text).toBe(201);
    const w = await ask(u, {
      amount: "99999.9",
      type: "WITHDRAW",
      travelRule: { recipientName: "김철수", selfOwned: false, relationship: "FRIEND" },
    });
    expect(w.status, w.text).toBe(201);
    expect(await recordsOf(u.id)).toEqual([]);
    expect((await status(u)).body.travelRuleThresholdKrw).toBe("1000000");
    await expectLedgerConsistent();
  });

  it("₩1,000,000 without the details → 400 TRAVEL_RULE_REQUIRED naming each missing field; nothing is written", async () => {
    const u = await sender();
    const before = await snapshot(u.id);
    const none = await ask(u, { amount: "100000" });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      code: "TRAVEL_RULE_REQUIRED",
      missing: ["recipientName", "selfOwned"],
      thresholdKrw: "1000000",
      thresholdKrwText: "1,000,000",
      error: "₩1,000,000 이상 보내려면 트래블룰에 따라 받는 분의 정보를 입력해야 합니다.",
    });
    const en = await ask(u, { amount: "100000", type: "WITHDRAW" }, "en");
    expect(en.body.error).toBe("Sending ₩1,000,000 or more needs the recipient's details under the Travel Rule.");
    const cases: [unknown, string[]][] = [
      [{ recipientName: "김철수", selfOwned: false }, ["relationship"]], // someone else's account: the relationship
      [{ recipientName: "   ", selfOwned: true }, ["recipientName"]], // a blank name is no name
      [{ selfOwned: false, relationship: "FAMILY" }, ["recipientName"]],
      [{ recipientName: "김철수" }, ["selfOwned"]],
      [null, ["recipientName", "selfOwned"]],
    ];
    for (const [travelRule, missing] of cases) {
      const r = await ask(u, { amount: "100000", travelRule });
      expect(r.status, JSON.stringify(travelRule)).toBe(400);
      expect(r.body).toMatchObject({ code: "TRAVEL_RULE_REQUIRED", missing });
    }
    expect(await snapshot(u.id)).toEqual(before);
    expect(await recordsOf(u.id)).toEqual([]);
  });

  it("₩1,000,000 with the details is accepted and stores one record whose IVMS 101 payload validates", async () => {
    setTestClock("2031-06-01T01:02:03Z");
    const u = await sender();
    const r = await ask(u, {
      amount: "100000",
      type: "WITHDRAW",
      travelRule: { recipientName: "  김철수 ", selfOwned: false, relationship: "family" },
    });
    expect(r.status, r.text).toBe(201);
    const [rec, ...more] = await recordsOf(u.id);
    expect(more).toEqual([]);
    expect(rec).toMatchObject({
      request_id: String(r.body.request.id),
      user_id: u.id,
      threshold_krw: "1000000",
      amount: "100000",
      amount_krw: "1000000",
      network: "OP",
      exchange: "Upbit",
      address: ADDRESS,
      beneficiary_name: "김철수",
      self_owned: false,
      relationship: "FAMILY",
    });
    expect(new Date(rec!.created_at).toISOString()).toBe("2031-06-01T01:02:03.000Z");
    // Stored as the validator reads it: nothing of it is dropped by the ivms101 package's 2023 schema.
    expect(validate(rec!.ivms101, { version: "2023" })).toEqual(rec!.ivms101);
    const name = await memberName(u.id);
    expect(rec!.ivms101).toEqual({
      originator: {
        originatorPerson: [
          {
            naturalPerson: {
              name: { nameIdentifier: [{ primaryIdentifier: name, naturalPersonNameIdentifierType: "LEGL" }] },
              customerIdentification: String(u.id),
            },
          },
        ],
      },
      beneficiary: {
        beneficiaryPerson: [
          {
            naturalPerson: {
              name: { nameIdentifier: [{ primaryIdentifier: "김철수", naturalPersonNameIdentifierType: "LEGL" }] },
              customerIdentification: ADDRESS,
            },
          },
        ],
        accountNumber: [ADDRESS],
      },
      originatingVASP: {
        legalPerson: {
          name: { nameIdentifier: [{ legalPersonName: "WLD Wallet", legalPersonNameIdentifierType: "LEGL" }] },
          customerIdentification: "WLD Wallet",
        },
      },
      beneficiaryVASP: {
        legalPerson: {
          name: { nameIdentifier: [{ legalPersonName: "Upbit", legalPersonNameIdentifierType: "LEGL" }] },
          customerIdentification: "Upbit",
        },
      },
      payloadMetadata: { payloadVersion: "101.2023" },
    });
    // The sender as the transfer screen shows it: the same name and member number.
    expect((await status(u)).body.originator).toEqual({ name, memberNumber: String(u.id), idVerified: true });
    await expectLedgerConsistent();
  });

  it("the member's own account needs no relationship (one sent is not stored); OPERATOR_NAME names the operator", async () => {
    process.env.OPERATOR_NAME = "Example Operator";
    const u = await sender();
    const r = await ask(u, {
      amount: "150000",
      travelRule: { recipientName: "Member Self", selfOwned: true, relationship: "FRIEND" },
    });
    expect(r.status, r.text).toBe(201);
    const [rec] = await recordsOf(u.id);
    expect(rec).toMatchObject({ amount_krw: "1500000", self_owned: true, relationship: null });
    expect(validate(rec!.ivms101)).toMatchObject({
      originatingVASP: { legalPerson: { name: { nameIdentifier: [{ legalPersonName: "Example Operator" }] } } },
    });
  });

  it("a personal wallet's record has no beneficiary VASP (an unhosted wallet)", async () => {
    const personal = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    const u = await sender(`ERC20|PERSONAL|${personal}`);
    await provePersonalWallet(u.id, personal);
    const r = await ask(u, { amount: "100000", travelRule: { recipientName: "Member Self", selfOwned: true } });
    expect(r.status, r.text).toBe(201);
    const [rec] = await recordsOf(u.id);
    expect(rec).toMatchObject({ network: "ERC20", exchange: "PERSONAL", address: personal });
    const ivms = validate(rec!.ivms101) as { beneficiaryVASP?: unknown };
    expect(ivms.beneficiaryVASP).toBeUndefined();
  });

  it("threshold 0 applies the rule to every amount (TRAVEL_RULE_THRESHOLD_KRW=0)", async () => {
    process.env.TRAVEL_RULE_THRESHOLD_KRW = "0";
    const u = await sender();
    const r = await ask(u, { amount: "5" });
    expect(r.body).toMatchObject({ code: "TRAVEL_RULE_REQUIRED", thresholdKrw: "0" });
    const ok = await ask(u, {
      amount: "5",
      travelRule: { recipientName: "김철수", selfOwned: false, relationship: "OTHER" },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(await recordsOf(u.id)).toMatchObject([{ amount: "5", amount_krw: "50", threshold_krw: "0" }]);
    expect((await status(u)).body.travelRuleThresholdKrw).toBe("0");
  });

  it("malformed details are 400 like any bad input; a refused request leaves no record", async () => {
    const u = await sender();
    const before = await snapshot(u.id);
    const long = await ask(u, { amount: "100000", travelRule: { recipientName: "가".repeat(101), selfOwned: true } });
    expect(long.status).toBe(400);
    const cousin = await ask(u, {
      amount: "100000",
      travelRule: { recipientName: "김철수", selfOwned: false, relationship: "COUSIN" },
    });
    expect(cousin.status).toBe(400);
    const notBool = await ask(u, { amount: "100000", travelRule: { recipientName: "김철수", selfOwned: "yes" } });
    expect(notBool.status).toBe(400);
    // Complete details, but more than is staked: the statement refuses, and neither request nor record remains.
    const over = await ask(u, { amount: "300000", travelRule: { recipientName: "김철수", selfOwned: true } });
    expect(over.body.code).toBe("ABOVE_MAXIMUM");
    expect(await snapshot(u.id)).toEqual(before);
    expect(await countOf(sql`SELECT count(*)::text AS n FROM travel_rule_records WHERE user_id = ${u.id}`)).toBe(0);
  });
});
