/**
 * Personal wallets that are provably the member's (lib/wallet/personal-wallets.ts) through the real routes: a message
 * to sign per address, an EIP-191 signature made here with keys generated here, and every way a proof is refused —
 * another key, an expired or replayed nonce, another member's nonce, a malformed signature — with nothing recorded.
 */
import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/users/[userId]/personal-wallets/route";
import * as challengeRoute from "@/app/api/users/[userId]/personal-wallets/challenge/route";
import * as verifyRoute from "@/app/api/users/[userId]/personal-wallets/verify/route";
import * as addrRoute from "@/app/api/users/by-id/[userId]/walletAddr/route";
import { getDb, rowsOf } from "@/db/client";
import { advanceTestClock, setTestClock } from "@/lib/clock";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { auditRows } from "./auth-helpers";

const TEN_MINUTES = 10 * 60_000;

const challenge = (member: TestUser, body: unknown) =>
  call(challengeRoute, "POST", "/x", { body, cookie: member.cookie, params: { userId: member.userId } });
const verify = (member: TestUser, body: unknown) =>
  call(verifyRoute, "POST", "/x", { body, cookie: member.cookie, params: { userId: member.userId } });
const list = (member: TestUser) =>
  call(listRoute, "GET", "/x", { cookie: member.cookie, params: { userId: member.userId } });

const recorded = async (memberId: number) =>
  rowsOf<{ address: string }>(
    await (await getDb()).execute(sql`select address from personal_wallets where user_id = ${memberId}`),
  );

/** A fresh key, and a challenge for its address issued to `member`. */
async function keyWithChallenge(member: TestUser, network = "OP") {
  const account = privateKeyToAccount(generatePrivateKey());
  const r = await challenge(member, { network, address: account.address });
  expect(r.status).toBe(201);
  return { account, nonce: r.body.nonce as string, message: r.body.message as string };
}

beforeEach(() => setTestClock(new Date()));
afterEach(() => setTestClock(null));

describe("personal wallet challenge", () => {
  it("issues the one-time message for the member, valid 10 minutes on the application clock", async () => {
    setTestClock("2031-03-04T05:06:07.000Z");
    const member = await createUser();
    const account = privateKeyToAccount(generatePrivateKey());
    const r = await challenge(member, { network: "worldchain", address: account.address });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      message: `WLD Wallet 주소 확인: ${member.userId}, ${r.body.nonce}, 2031-03-04T05:06:07.000Z`,
      expiresAt: "2031-03-04T05:16:07.000Z",
    });
    const [row] = rowsOf<{ network: string; address: string; used_at: Date | null }>(
      await (await getDb()).execute(
        sql`select network, address, used_at from address_challenges where nonce = ${r.body.nonce}`,
      ),
    );
    expect(row).toEqual({ network: "WORLDCHAIN", address: account.address.toLowerCase(), used_at: null });
    expect((await challenge(member, { network: "OP", address: account.address })).body.nonce).not.toBe(r.body.nonce);
  });

  it.each([
    [{}, "WALLET_FIELDS_REQUIRED", "network"],
    [{ network: "BSC", address: "0x52908400098527886E0F7030069857D2E4169EE7" }, "INVALID_WALLET", "network"],
    [{ network: "OP", address: "0x52908400098527886e0F7030069857D2E4169EE7" }, "INVALID_WALLET", "address"],
    [{ network: "OP", address: "hello" }, "INVALID_WALLET", "address"],
  ])("refuses %j with %s", async (body, code, field) => {
    const member = await createUser();
    const r = await challenge(member, body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code, field });
  });

  it("answers 429 after 10 challenges in 10 minutes", async () => {
    const member = await createUser();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    for (let i = 0; i < 10; i++) expect((await challenge(member, { network: "OP", address })).status).toBe(201);
    const r = await challenge(member, { network: "OP", address });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe("RATE_LIMITED");
  });
});

describe("J43 personal wallet verification", () => {
  it("records the address of a valid signature (lower-case, once per address), audited, and lists it", async () => {
    const member = await createUser();
    const { account, nonce, message } = await keyWithChallenge(member);
    const signature = await account.signMessage({ message });
    const r = await verify(member, { nonce, signature });
    expect(r.status).toBe(200);
    const address = account.address.toLowerCase();
    expect(r.body).toEqual({ address, verifiedAt: expect.any(String) });
    expect(await recorded(member.id)).toEqual([{ address }]);
    expect((await list(member)).body).toEqual({ items: [{ address, verifiedAt: r.body.verifiedAt }] });
    const [row] = (await auditRows("wallet.personal_verify")).filter((a) => a.actor_id === member.id);
    expect(row).toMatchObject({ target_user_id: member.id, after: { network: "OP", address, nonce } });

    // Proving the same address again keeps the one row and its first time.
    advanceTestClock(60_000);
    const second = await challenge(member, { network: "ERC20", address: account.address });
    const s2 = await verify(member, {
      nonce: second.body.nonce,
      signature: await account.signMessage({ message: second.body.message }),
    });
    expect(s2.body).toEqual({ address, verifiedAt: r.body.verifiedAt });
    expect(await recorded(member.id)).toEqual([{ address }]);
    // Another member's list does not show it.
    expect((await list(await createUser())).body).toEqual({ items: [] });
  });

  it("refuses a signature by another key (400 INVALID_SIGNATURE) and leaves the nonce for a right one", async () => {
    const member = await createUser();
    const { account, nonce, message } = await keyWithChallenge(member);
    const stranger = privateKeyToAccount(generatePrivateKey());
    const r = await verify(member, { nonce, signature: await stranger.signMessage({ message }) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_SIGNATURE");
    expect(await recorded(member.id)).toEqual([]);
    // A signature of another text by the right key is refused too.
    const other = await verify(member, { nonce, signature: await account.signMessage({ message: `${message}.` }) });
    expect(other.body.code).toBe("INVALID_SIGNATURE");
    expect((await verify(member, { nonce, signature: await account.signMessage({ message }) })).status).toBe(200);
  });

  it("passes at 10 minutes minus 1 ms and refuses at 10 minutes plus 1 ms (400 CHALLENGE_EXPIRED)", async () => {
    const member = await createUser();
    const early = await keyWithChallenge(member);
    const late = await keyWithChallenge(member);
    advanceTestClock(TEN_MINUTES - 1);
    const ok = await verify(member, {
      nonce: early.nonce,
      signature: await early.account.signMessage({ message: early.message }),
    });
    expect(ok.status).toBe(200);
    advanceTestClock(2);
    const r = await verify(member, {
      nonce: late.nonce,
      signature: await late.account.signMessage({ message: late.message }),
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("CHALLENGE_EXPIRED");
    expect(await recorded(member.id)).toEqual([{ address: early.account.address.toLowerCase() }]);
  });

  it("refuses a replayed nonce (409 CHALLENGE_USED)", async () => {
    const member = await createUser();
    const { account, nonce, message } = await keyWithChallenge(member);
    const signature = await account.signMessage({ message });
    expect((await verify(member, { nonce, signature })).status).toBe(200);
    const r = await verify(member, { nonce, signature });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("CHALLENGE_USED");
    expect(await recorded(member.id)).toHaveLength(1);
    expect(
      await auditRows("wallet.personal_verify").then((a) => a.filter((x) => x.actor_id === member.id)),
    ).toHaveLength(1);
  });

  it("spends a nonce once under parallel verifications", async () => {
    const member = await createUser();
    const { account, nonce, message } = await keyWithChallenge(member);
    const signature = await account.signMessage({ message });
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(member, { nonce, signature })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await recorded(member.id)).toHaveLength(1);
  });

  it("refuses another member's nonce as INVALID_SIGNATURE, revealing nothing, and records nothing", async () => {
    const owner = await createUser();
    const thief = await createUser();
    const { account, nonce, message } = await keyWithChallenge(owner);
    const signature = await account.signMessage({ message });
    const r = await verify(thief, { nonce, signature });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_SIGNATURE");
    // The same answer as a nonce that never existed; an expired one of another member's says nothing more.
    const unknown = await verify(thief, { nonce: "0".repeat(32), signature });
    expect(unknown.body).toEqual(r.body);
    advanceTestClock(TEN_MINUTES + 1);
    expect((await verify(thief, { nonce, signature })).body).toEqual(r.body);
    expect(await recorded(thief.id)).toEqual([]);
    expect(await recorded(owner.id)).toEqual([]);
  });

  it.each([
    ["not hex", "hello"],
    ["empty", ""],
    ["too short", "0x1234"],
    ["65 zero bytes", `0x${"00".repeat(65)}`],
    ["a bad recovery byte", `0x${"11".repeat(64)}ff`],
    ["odd length", `0x${"1".repeat(129)}`],
    ["a number", 12],
  ])("refuses a malformed signature (%s) with 400 INVALID_SIGNATURE", async (_name, signature) => {
    const member = await createUser();
    const { nonce } = await keyWithChallenge(member);
    const r = await verify(member, { nonce, signature });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_SIGNATURE");
    expect(await recorded(member.id)).toEqual([]);
  });

  it("saves NETWORK|PERSONAL|0x… as the wallet address (exchange segment case-insensitive)", async () => {
    const member = await createUser();
    const { account } = await keyWithChallenge(member);
    const r = await call(addrRoute, "POST", "/x", {
      body: { walletAddr: `op|personal|${account.address}`, currentPassword: member.password },
      cookie: member.cookie,
      params: { userId: member.userId },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ walletAddr: `OP|PERSONAL|${account.address}` });
  });
});
