/**
 * Records kept as long as the law says (docs/operations.md, "Retention"), on PGlite and PostgreSQL:
 * - the money records (transactions, requests, request_events, travel_rule_records, the ledger) refuse DELETE and
 *   TRUNCATE by the schema itself, as the tables' owner; the ones the app updates still take an UPDATE;
 * - deactivating a member keeps their identity and ID image encrypted (no name in clear in the stored bytes), out of
 *   every ordinary screen, readable by a SUPERADMIN through the real routes with every read audited; an ADMIN is
 *   refused (403, audited);
 * - the daily erasure takes the identity and the image exactly RETENTION_IDENTITY_YEARS after the relationship
 *   ended, not a day earlier, with one audit row per member, once even when two runs race.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as deleteMember from "@/app/api/admin/users/[id]/route";
import * as approveId from "@/app/api/admin/users/[id]/approve-id/route";
import * as retainedImage from "@/app/api/admin/users/[id]/retained-identity/images/[documentId]/route";
import * as retainedIdentity from "@/app/api/admin/users/[id]/retained-identity/route";
import * as idImageFile from "@/app/api/id-images/[key]/route";
import * as adminIdDocument from "@/app/api/admin/users/[id]/id-document/route";
import * as uploadId from "@/app/api/upload-id/route";
import { getDb, rowsOf } from "@/db/client";
import { setTestClock } from "@/lib/clock";
import { eraseExpiredIdentities, RETENTION_IDENTITY_YEARS } from "@/lib/kyc/retention";
import { countOf } from "../factories/money";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { onPostgres } from "../support/setup-db";
import { auditRows } from "./auth-helpers";
import { form, jpegWithMetadata } from "./kyc-images";

const MONEY_TABLES = [
  "transactions",
  "requests",
  "request_events",
  "travel_rule_records",
  "ledger_entries",
  "ledger_postings",
] as const;
/** The money records the app still updates (a request's status, a history row hidden). */
const UPDATED_BY_THE_APP = ["transactions", "requests", "request_events", "travel_rule_records"] as const;

const NAME = "김보존";
const PHONE = "01098765432";
const WALLET = "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7";

afterEach(() => setTestClock(null));

/** The database's error for `run` (the driver's cause when drizzle wraps it), or null when it ran. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (e) {
    const err = e as { message: string; cause?: { message: string } };
    return err.cause?.message ?? err.message;
  }
}

/** A member with the distinctive identity above, an approved ID image (the 1000 WLD reward paid) and its URL. */
async function verifiedMember(admin: TestUser) {
  const member = await createUser({ walletAddr: WALLET });
  const db = await getDb();
  await db.execute(sql`update users set name = ${NAME}, phone = ${PHONE} where id = ${member.id}`);
  const uploaded = await call(uploadId, "POST", "/api/upload-id", {
    rawBody: form(await jpegWithMetadata(), "id.jpg", "image/jpeg"),
    cookie: member.cookie,
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const approved = await call(approveId, "PATCH", `/api/admin/users/${member.id}/approve-id`, {
    cookie: admin.cookie,
    params: { id: String(member.id) },
  });
  expect(approved.status).toBe(200);
  return { member, imageUrl: uploaded.body.url as string };
}

const deactivate = (admin: TestUser, id: number) =>
  call(deleteMember, "DELETE", `/api/admin/users/${id}`, { cookie: admin.cookie, params: { id: String(id) } });
const readRetained = (actor: TestUser, id: number) =>
  call(retainedIdentity, "GET", `/api/admin/users/${id}/retained-identity`, {
    cookie: actor.cookie,
    params: { id: String(id) },
  });
const openRetained = (actor: TestUser, url: string) => {
  const [, id, documentId] = /\/users\/(\d+)\/retained-identity\/images\/(\d+)$/.exec(url) ?? [];
  return call(retainedImage, "GET", url, { cookie: actor.cookie, params: { id: id!, documentId: documentId! } });
};
const openImage = (actor: TestUser, url: string) =>
  call(idImageFile, "GET", url, { cookie: actor.cookie, params: { key: url.split("/").pop()! } });

/** The member's retention record as stored (times as ISO strings: the drivers answer raw timestamps differently). */
async function retainedRow(userId: number) {
  const db = await getDb();
  const [row] = rowsOf<{ sealed: Buffer | Uint8Array | null; erased_at: string | null; erase_after: string }>(
    await db.execute(sql`select sealed, erased_at, erase_after from retained_identities where user_id = ${userId}`),
  );
  if (!row) return undefined;
  const iso = (t: string | Date) => new Date(t).toISOString();
  return { ...row, erased_at: row.erased_at && iso(row.erased_at), erase_after: iso(row.erase_after) };
}

const retainedImages = (userId: number) =>
  countOf(sql`select count(*)::text as n from retained_id_images i join file_blobs b on b.key = i.storage_key
    where i.user_id = ${userId}`);

/** One row in every money table: the ID reward (ledger, history), a request with its event and Travel Rule record. */
async function seedMoneyRows() {
  const admin = await createUser({ role: "ADMIN" });
  const { member } = await verifiedMember(admin);
  const db = await getDb();
  const [request] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into requests (user_id, type, coin_symbol, amount, fee, total, krw_amount, price_krw, wallet_addr, status)
      values (${member.id}, 'WITHDRAW', 'WLD', 500, 1, 501, 1000000, 2000, ${WALLET}, 'REJECTED')
      returning id::text as id`),
  );
  await db.execute(sql`insert into request_events (request_id, status, reason)
    values (${request!.id}, 'REJECTED', 'retention test')`);
  await db.execute(sql`
    insert into travel_rule_records (request_id, user_id, threshold_krw, amount, amount_krw, network, exchange, address,
      beneficiary_name, self_owned, ivms101, created_at)
    values (${request!.id}, ${member.id}, 1000000, 500, 1000000, 'OP', 'Upbit',
      '0x52908400098527886E0F7030069857D2E4169EE7', ${NAME}, true, '{}'::jsonb, now())`);
  for (const table of MONEY_TABLES)
    expect(await countOf(sql`select count(*)::text as n from ${sql.identifier(table)}`), table).toBeGreaterThan(0);
}

describe(`money records are never deleted, as the tables' owner (${onPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it.each(MONEY_TABLES)("%s: DELETE, TRUNCATE and TRUNCATE … CASCADE fail, nothing is removed", async (table) => {
    await seedMoneyRows();
    const db = await getDb();
    const t = sql.identifier(table);
    const count = () => countOf(sql`select count(*)::text as n from ${t}`);
    const before = await count();
    // The ledger's own guards (migrations 0001, 0016) are older; the others are migration 0019's.
    const guard = table.startsWith("ledger_") ? "immutable" : `${table} rows are money records: never deleted`;
    for (const [what, statement, why] of [
      ["delete one", sql`delete from ${t} where id = (select max(id) from ${t})`, guard],
      ["delete all", sql`delete from ${t}`, guard],
      // A plain TRUNCATE of a table another references stops at the foreign key; with CASCADE it reaches the trigger.
      ["truncate", sql`truncate ${t}`, new RegExp(`${guard}|referenced in a foreign key`)],
      ["truncate cascade", sql`truncate ${t} cascade`, /never deleted|immutable|append-only/],
    ] as const) {
      expect(await refusal(() => db.execute(statement)), `${what} ${table}`).toMatch(why);
    }
    expect(await count()).toBe(before);
  });

  it.each(UPDATED_BY_THE_APP)("%s: the app's UPDATE (a status change, a hidden row) still works", async (table) => {
    await seedMoneyRows();
    const db = await getDb();
    const t = sql.identifier(table);
    expect(await refusal(() => db.execute(sql`update ${t} set id = id where id = (select max(id) from ${t})`))).toBe(
      null,
    );
  });

  it("a TRUNCATE of the members (users … CASCADE) is refused too", async () => {
    await seedMoneyRows();
    const db = await getDb();
    expect(await refusal(() => db.execute(sql`truncate users cascade`))).toMatch(/never deleted|immutable|append-only/);
    expect(await countOf(sql`select count(*)::text as n from requests`)).toBeGreaterThan(0);
  });
});

describe("deactivation keeps the identity, encrypted, for a SUPERADMIN only", () => {
  it("the users row is anonymised and the image leaves the member's record, but nothing the law keeps is erased", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const { member, imageUrl } = await verifiedMember(admin);
    const seen = await openImage(admin, imageUrl);
    expect(seen.status).toBe(200);
    const blobsBefore = await countOf(sql`select count(*)::text as n from file_blobs`);

    const res = await deactivate(admin, member.id);
    expect(res).toMatchObject({ status: 200, body: { status: "DEACTIVATED" } });

    const db = await getDb();
    const [user] = rowsOf<{ name: string; phone: string | null; wallet_addr: string | null }>(
      await db.execute(sql`select name, phone, wallet_addr from users where id = ${member.id}`),
    );
    expect(user).toEqual({ name: "탈퇴한 회원", phone: null, wallet_addr: null });
    // Ordinary screens show no image any more: the old URL is gone, the review view has none.
    expect((await openImage(admin, imageUrl)).status).toBe(404);
    const review = await call(adminIdDocument, "GET", `/api/admin/users/${member.id}/id-document`, {
      cookie: admin.cookie,
      params: { id: String(member.id) },
    });
    expect(review.status).toBe(200);
    expect(review.text).not.toContain(imageUrl.split("/").pop()!);
    expect(review.text).not.toContain(NAME);
    // The image's encrypted blob is still stored, now held by the retention record.
    expect(await countOf(sql`select count(*)::text as n from file_blobs`)).toBe(blobsBefore);
    expect(await retainedImages(member.id)).toBe(1);

    // The identity is stored sealed: not one identifying field in clear in its bytes.
    const row = await retainedRow(member.id);
    const stored = Buffer.from(row!.sealed!);
    for (const clear of [NAME, PHONE, member.userId, "0x52908400098527886E0F7030069857D2E4169EE7"])
      expect(stored.includes(Buffer.from(clear, "utf8")), clear).toBe(false);

    const [deactivation] = (await auditRows("member.deactivate")).filter((r) => r.target_user_id === member.id);
    expect(deactivation!.after).toMatchObject({ imagesRetained: 1, identityRetainedUntil: row!.erase_after });
    await expectLedgerConsistent();
  });

  it("a SUPERADMIN reads the identity and the image back, each read audited; an ADMIN gets 403, audited", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const superadmin = await createUser({ role: "SUPERADMIN" });
    const { member, imageUrl } = await verifiedMember(admin);
    const original = await openImage(admin, imageUrl);
    const db = await getDb();
    const [approval] = rowsOf<{ at: Date }>(
      await db.execute(sql`select reviewed_at as at from id_documents where user_id = ${member.id}`),
    );
    expect((await deactivate(admin, member.id)).status).toBe(200);
    const [ended] = rowsOf<{ at: Date }>(
      await db.execute(sql`select deactivated_at as at from users where id = ${member.id}`),
    );

    const read = await readRetained(superadmin, member.id);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const endedAt = new Date(ended!.at);
    const eraseAfter = new Date(endedAt);
    eraseAfter.setUTCFullYear(endedAt.getUTCFullYear() + RETENTION_IDENTITY_YEARS);
    expect(read.body).toMatchObject({
      id: member.id,
      loginId: member.userId,
      name: NAME,
      phone: PHONE,
      walletAddr: WALLET,
      idApprovedAt: new Date(approval!.at).toISOString(),
      relationshipEndedAt: endedAt.toISOString(),
      eraseAfter: eraseAfter.toISOString(),
    });
    expect(read.body.images).toHaveLength(1);
    const image = await openRetained(superadmin, read.body.images[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect(image.headers.get("content-length")).toBe(original.headers.get("content-length"));
    expect(image.text).toBe(original.text);

    expect((await auditRows("retention.identity.view")).filter((r) => r.target_user_id === member.id)).toMatchObject([
      { actor_id: superadmin.id },
    ]);
    expect((await auditRows("retention.image.view")).filter((r) => r.target_user_id === member.id)).toMatchObject([
      { actor_id: superadmin.id },
    ]);

    // An ADMIN is refused both, and each refusal is audited; nothing was read.
    const deniedBefore = (await auditRows("AUTHZ_DENIED")).filter((r) => r.actor_id === admin.id).length;
    const refused = await readRetained(admin, member.id);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(NAME);
    expect((await openRetained(admin, read.body.images[0].url)).status).toBe(403);
    const denied = (await auditRows("AUTHZ_DENIED")).filter((r) => r.actor_id === admin.id);
    expect(denied).toHaveLength(deniedBefore + 2);
    expect(denied.at(-2)!.after).toMatchObject({
      reason: "permission:member.retained-identity",
      path: `/api/admin/users/${member.id}/retained-identity`,
    });
    expect((await auditRows("retention.identity.view")).filter((r) => r.target_user_id === member.id)).toHaveLength(1);
    // A member's own deactivated session reads nothing either (401), and an active member has nothing retained.
    expect((await readRetained(member, member.id)).status).toBe(401);
    expect((await readRetained(superadmin, admin.id)).status).toBe(404);
    // An image of another member, or one that does not exist, is not served through this member's record.
    const other = `/api/admin/users/${admin.id}/retained-identity/images/${read.body.images[0].documentId}`;
    expect((await openRetained(superadmin, other)).status).toBe(404);
    expect(
      (await openRetained(superadmin, `/api/admin/users/${member.id}/retained-identity/images/999999999`)).status,
    ).toBe(404);
  });
});

describe("the daily erasure", () => {
  /** A verified member deactivated at `at` (the application clock). */
  async function deactivatedAt(at: string) {
    const admin = await createUser({ role: "ADMIN" });
    const { member } = await verifiedMember(admin);
    setTestClock(at);
    expect((await deactivate(admin, member.id)).status).toBe(200);
    setTestClock(null);
    return member;
  }

  it(`erases at ${RETENTION_IDENTITY_YEARS} years after deactivation and not a day (or a millisecond) earlier, with an audit row`, async () => {
    const superadmin = await createUser({ role: "SUPERADMIN" });
    // In the past, so records this file deactivated at the real time are never due in this test.
    const member = await deactivatedAt("2019-03-02T01:00:00.000Z");
    expect((await retainedRow(member.id))!.erase_after).toBe("2024-03-02T01:00:00.000Z");

    setTestClock("2024-03-01T01:00:00.000Z"); // 5 years less a day
    expect(await eraseExpiredIdentities()).not.toContain(member.id);
    setTestClock("2024-03-02T00:59:59.999Z");
    expect(await eraseExpiredIdentities()).not.toContain(member.id);
    expect((await retainedRow(member.id))!.erased_at).toBeNull();
    expect(await retainedImages(member.id)).toBe(1);
    expect((await readRetained(superadmin, member.id)).status).toBe(200);
    expect((await auditRows("retention.erase")).filter((r) => r.target_user_id === member.id)).toEqual([]);

    setTestClock("2024-03-02T01:00:00.000Z"); // exactly 5 years
    const blobsBefore = await countOf(sql`select count(*)::text as n from file_blobs`);
    expect(await eraseExpiredIdentities()).toEqual([member.id]);
    const row = await retainedRow(member.id);
    expect(row).toMatchObject({ sealed: null, erased_at: "2024-03-02T01:00:00.000Z" });
    expect(await retainedImages(member.id)).toBe(0);
    expect(await countOf(sql`select count(*)::text as n from retained_id_images where user_id = ${member.id}`)).toBe(0);
    expect(await countOf(sql`select count(*)::text as n from file_blobs`)).toBe(blobsBefore - 1);
    const erased = (await auditRows("retention.erase")).filter((r) => r.target_user_id === member.id);
    expect(erased).toHaveLength(1);
    expect(erased[0]).toMatchObject({
      actor_id: null,
      after: {
        imagesErased: 1,
        years: RETENTION_IDENTITY_YEARS,
        relationshipEndedAt: "2019-03-02T01:00:00.000Z",
        eraseAfter: "2024-03-02T01:00:00.000Z",
      },
    });
    setTestClock(null);
    expect((await readRetained(superadmin, member.id)).status).toBe(404);
    // The money records stay: the reward the member was paid is still in the books.
    expect(await countOf(sql`select count(*)::text as n from transactions where user_id = ${member.id}`)).toBe(1);
    await expectLedgerConsistent();

    // A later run finds nothing more to do for this member.
    setTestClock("2024-03-03T01:00:00.000Z");
    expect(await eraseExpiredIdentities()).not.toContain(member.id);
    expect((await auditRows("retention.erase")).filter((r) => r.target_user_id === member.id)).toHaveLength(1);
  });

  it("two runs at once erase each member once, with one audit row each", async () => {
    const members = [
      await deactivatedAt("2018-05-01T00:00:00.000Z"),
      await deactivatedAt("2018-05-02T00:00:00.000Z"),
      await deactivatedAt("2018-05-03T00:00:00.000Z"),
    ];
    const ids = members.map((m) => m.id);
    setTestClock("2023-05-03T00:00:00.000Z");
    const runs = await Promise.all([eraseExpiredIdentities(), eraseExpiredIdentities()]);
    const mine = runs.flat().filter((id) => ids.includes(id));
    expect(mine.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const id of ids) {
      expect(
        (await auditRows("retention.erase")).filter((r) => r.target_user_id === id),
        String(id),
      ).toHaveLength(1);
      expect(await retainedImages(id)).toBe(0);
    }
  });
});
