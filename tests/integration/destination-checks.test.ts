/**
 * Blocked destinations and personal wallets (SECURITY.md J43), the request side, through the real route: a transfer or
 * withdrawal to an exchange that is BLOCKED in destinations is refused at any amount (403 DESTINATION_BLOCKED with the
 * exchange's name), and a personal wallet receives nothing until a personal_wallets row of this member proves it (403
 * ADDRESS_NOT_VERIFIED); the transfer screen's status says both before the member types. The signing flow is tested
 * with its own routes; here the proof is a row written directly.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { approvedMember, fund, snapshot } from "../factories/money";
import { askTransfer as ask, provePersonalWallet, withdrawStatusOf } from "../factories/transfer-requests";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";

const dbName = onPostgres() ? "PostgreSQL" : "PGlite";
const status = withdrawStatusOf;
const setStatus = async (name: string, s: "ALLOWED" | "BLOCKED") =>
  (await getDb()).execute(sql`UPDATE destinations SET status = ${s} WHERE name = ${name}`);

const PERSONAL = "0xAbC0000000000000000000000000000000000dEf";

afterEach(() => setStatus("Coinone", "ALLOWED"));

describe(`J43 destinations on transfer and withdraw requests (${dbName})`, () => {
  it("a blocked exchange is refused at 1 WLD, before any other check of the amount; allowed again, it goes", async () => {
    const u = await approvedMember("OP|Coinone|0x52908400098527886E0F7030069857D2E4169EE7");
    await fund(u.id, { staked: "100" });
    await setStatus("Coinone", "BLOCKED");
    expect((await status(u)).body.destination).toEqual({
      network: "OP",
      exchange: "Coinone",
      kind: "KR_VASP",
      status: "BLOCKED",
      verified: true,
    });
    const before = await snapshot(u.id);
    for (const type of ["TRANSFER", "WITHDRAW"]) {
      const r = await ask(u, { amount: "1", type });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: "DESTINATION_BLOCKED", exchange: "Coinone" });
      expect(r.body.error).toContain("Coinone");
    }
    expect((await ask(u, { amount: "1" }, "en")).body.error).toContain("Coinone");
    expect(await snapshot(u.id)).toEqual(before);

    await setStatus("Coinone", "ALLOWED");
    expect((await status(u)).body.destination).toMatchObject({ status: "ALLOWED" });
    expect((await ask(u, { amount: "1" })).body.code).toBe("BELOW_MINIMUM");
    expect((await ask(u, { amount: "5" })).status).toBe(201);
    await expectLedgerConsistent();
  });

  it("a foreign exchange the seed blocks (Binance) is refused; an address the rules do not know is not", async () => {
    const u = await approvedMember("ERC20|Binance|0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    await fund(u.id, { staked: "100" });
    const r = await ask(u, { amount: "10" });
    expect(r.body).toMatchObject({ code: "DESTINATION_BLOCKED", exchange: "Binance" });
    expect((await status(u)).body.destination).toMatchObject({ kind: "FOREIGN", status: "BLOCKED" });
    // An older address format (holder|bank|account): no destination to judge, so none refuses it.
    const legacy = await approvedMember("홍길동|국민은행|123-456-789");
    await fund(legacy.id, { staked: "100" });
    expect((await ask(legacy, { amount: "10" })).status).toBe(201);
    expect((await status(legacy)).body.destination).toBeNull();
    await expectLedgerConsistent();
  });

  it("a personal wallet is refused until this member proved it; then it goes (any letter case)", async () => {
    const u = await approvedMember(`OP|PERSONAL|${PERSONAL}`);
    await fund(u.id, { staked: "100" });
    expect((await status(u)).body.destination).toEqual({
      network: "OP",
      exchange: "PERSONAL",
      kind: "PERSONAL",
      status: "ALLOWED",
      verified: false,
    });
    const before = await snapshot(u.id);
    const r = await ask(u, { amount: "10", type: "WITHDRAW" });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      code: "ADDRESS_NOT_VERIFIED",
      error: "본인 소유가 확인되지 않은 개인 지갑입니다. 지갑 서명으로 주소를 먼저 확인해주세요.",
    });
    // Another member's proof of the same address is not this member's.
    const other = await approvedMember(null);
    await provePersonalWallet(other.id, PERSONAL);
    expect((await ask(u, { amount: "10" })).body.code).toBe("ADDRESS_NOT_VERIFIED");
    expect(await snapshot(u.id)).toEqual(before);

    await provePersonalWallet(u.id, PERSONAL);
    expect((await status(u)).body.destination).toMatchObject({ kind: "PERSONAL", verified: true });
    const ok = await ask(u, { amount: "10", type: "WITHDRAW" });
    expect(ok.status, ok.text).toBe(201);
    await expectLedgerConsistent();
  });
});
