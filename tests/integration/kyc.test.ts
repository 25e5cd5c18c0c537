/**
 * ID verification through the real route handlers: uploads judged by content and size, private
 * serving, admin review, the 1000 WLD reward paid exactly once, and deactivation taking the image out of the
 * member's record (kept encrypted for a SUPERADMIN only until the retention period ends: retention.test.ts).
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import { memberBalances } from "@/lib/ledger";
import * as deleteMember from "@/app/api/admin/users/[id]/route";
import * as approveId from "@/app/api/admin/users/[id]/approve-id/route";
import * as rejectId from "@/app/api/admin/users/[id]/reject-id/route";
import * as adminIdDocument from "@/app/api/admin/users/[id]/id-document/route";
import * as idImageFile from "@/app/api/id-images/[key]/route";
import * as uploadId from "@/app/api/upload-id/route";
import * as idDocument from "@/app/api/users/[userId]/id-document/route";
import * as idImage from "@/app/api/users/[userId]/id-image/route";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { expectLedgerConsistent } from "../support/ledger";
import { form, gifImage, jpegWithMetadata, pngDeclaring, pngImage, truncatedJpeg } from "./kyc-images";

const upload = (u: TestUser, body: BodyInit, headers: Record<string, string> = {}) =>
  call(uploadId, "POST", "/api/upload-id", { rawBody: body, cookie: u.cookie, headers });

const approve = (admin: TestUser, id: number) =>
  call(approveId, "PATCH", `/api/admin/users/${id}/approve-id`, { cookie: admin.cookie, params: { id: String(id) } });

const reject = (admin: TestUser, id: number, reason = "사진이 흐립니다") =>
  call(rejectId, "PATCH", `/api/admin/users/${id}/reject-id`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { reason },
  });

const keyOf = (url: string) => url.split("/").pop()!;
const openImage = (cookie: string | undefined, url: string) =>
  call(idImageFile, "GET", url, { cookie, params: { key: keyOf(url) } });

async function storedFor(userId: number) {
  const db = await getDb();
  const [row] = rowsOf<{ docs: number; blobs: number; status: string }>(
    await db.execute(sql`
      select (select count(*)::int from id_documents where user_id = ${userId}) as docs,
             (select count(*)::int from file_blobs b join id_documents d on d.storage_key = b.key
               where d.user_id = ${userId}) as blobs,
             (select id_status::text from users where id = ${userId}) as status`),
  );
  return row!;
}

async function blobCount() {
  const db = await getDb();
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from file_blobs`))[0]!.n;
}

async function wldOf(userId: number) {
  return (await memberBalances(await getDb(), userId, ["WLD"])).WLD?.holding ?? "0";
}

async function depositRows(userId: number) {
  const db = await getDb();
  return rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from transactions where user_id = ${userId} and type = 'DEPOSIT'`),
  )[0]!.n;
}

describe("POST /api/upload-id refuses what is not a small JPEG or PNG, storing nothing", () => {
  it("E26 a text file named .png → 415", async () => {
    const u = await createUser();
    const res = await upload(u, form(Buffer.from("hello, I am not an image\n".repeat(20)), "id.png", "image/png"));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("UNSUPPORTED_MEDIA");
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
  });

  it("E26 a GIF, even named .jpg and sent as image/jpeg → 415", async () => {
    const u = await createUser();
    const res = await upload(u, form(await gifImage(), "id.jpg", "image/jpeg"));
    expect(res.status).toBe(415);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
  });

  it("E27 a 12 MB file → 413, by its declared length and, without one, by streaming", async () => {
    const u = await createUser();
    const before = await blobCount();
    const big = Buffer.concat([await pngImage(), Buffer.alloc(12 * 1024 * 1024, 1)]);
    const boundary = "----kycboundary";
    const raw = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="idImage"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const declared = await upload(u, new Uint8Array(raw), {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(raw.length),
    });
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe("PAYLOAD_TOO_LARGE");

    // No Content-Length: the stream is cut off at 10 MB; the rest is never read.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= raw.length) return controller.close();
        const piece = raw.subarray(pulled, pulled + 256 * 1024);
        pulled += piece.length;
        controller.enqueue(new Uint8Array(piece));
      },
    });
    const streamed = await call(uploadId, "POST", "/api/upload-id", {
      cookie: u.cookie,
      rawBody: stream,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(raw.length);
    expect(pulled).toBeLessThanOrEqual(10 * 1024 * 1024 + 2 * 256 * 1024 + 64 * 1024);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
    expect(await blobCount()).toBe(before);
  });

  it("E27 a PNG declaring 30000 × 30000 pixels → 413 before decoding", async () => {
    const u = await createUser();
    const bomb = pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const res = await upload(u, form(bomb));
    expect(res.status).toBe(413);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
  });

  it("E26 a truncated JPEG → 415", async () => {
    const u = await createUser();
    const res = await upload(u, form(await truncatedJpeg(), "id.jpg", "image/jpeg"));
    expect(res.status).toBe(415);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
  });

  it("E26 a truncated PNG → 415; a JPEG named .png is judged by content and stored as JPEG", async () => {
    const u = await createUser();
    const png = await sharp(Buffer.alloc(300 * 200 * 3, 90), { raw: { width: 300, height: 200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cut = await upload(u, form(png.subarray(0, Math.floor(png.length / 2))));
    expect(cut.status).toBe(415);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });

    const jpeg = await sharp({ create: { width: 4000, height: 2500, channels: 3, background: "#999" } })
      .jpeg()
      .toBuffer();
    const ok = await upload(u, form(jpeg, "id.png", "image/png"));
    expect(ok.status).toBe(201);
    const served = await readBytes(ok.body.url, u.cookie);
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 3000, 1875]); // scaled to 3000 px at most
  });

  it("no file, another field, or a non-multipart body → 400/415; a guest → 401", async () => {
    const u = await createUser();
    expect((await upload(u, form(await pngImage(), "id.png", "image/png", "other"))).body.code).toBe("NO_FILE");
    const json = await call(uploadId, "POST", "/api/upload-id", { cookie: u.cookie, body: { idImage: "x" } });
    expect(json.status).toBe(415);
    const guest = await call(uploadId, "POST", "/api/upload-id", { rawBody: form(await pngImage()) });
    expect(guest.status).toBe(401);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
  });
});

describe("upload rate limit", () => {
  it("an 11th upload within the hour → 429 with Retry-After, before the body is looked at", async () => {
    const u = await createUser();
    const junk = () => form(Buffer.from("not an image"), "id.png", "image/png");
    for (let i = 0; i < 10; i++) expect((await upload(u, junk())).status).toBe(415);
    const eleventh = await upload(u, form(await pngImage()));
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedFor(u.id)).toEqual({ docs: 0, blobs: 0, status: "NONE" });
    // Another member is not affected.
    expect((await upload(await createUser(), form(await pngImage()))).status).toBe(201);
  });
});

describe("stored ID images are private, encrypted and stripped", () => {
  it("E28/E29 re-encodes a JPEG without EXIF, GPS or XMP and stores it encrypted under a random key", async () => {
    const u = await createUser();
    const original = await jpegWithMetadata();
    const meta = await sharp(original).metadata();
    expect(meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer is there
    expect(original.includes("SecretXmpAuthor")).toBe(true);

    const res = await upload(u, form(original, "photo.JPG", "image/jpeg"));
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/id-images\/[A-Za-z0-9_-]{43}$/);
    expect(await storedFor(u.id)).toMatchObject({ docs: 1, blobs: 1, status: "PENDING" });

    const image = await call(idImageFile, "GET", res.body.url, {
      cookie: u.cookie,
      params: { key: keyOf(res.body.url) },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const served = await readBytes(res.body.url, u.cookie);
    const after = await sharp(served).metadata();
    expect(after.format).toBe("jpeg");
    expect([after.width, after.height]).toEqual([800, 500]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    for (const secret of ["CanonSpy", "EOS-Secret", "SecretXmpAuthor", "Exif\0\0"])
      expect(served.includes(secret)).toBe(false);

    // At rest the bytes are ciphertext, not the image.
    const db = await getDb();
    const [blob] = rowsOf<{ data: Buffer | Uint8Array }>(
      await db.execute(sql`select data from file_blobs where key = ${keyOf(res.body.url)}`),
    );
    const atRest = Buffer.from(blob!.data);
    expect(atRest.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(atRest.includes(served.subarray(100, 164))).toBe(false);
  });

  it("E29 only the owner and admins can open the URL; another member → 404, a guest → 401; admin views are audited", async () => {
    const owner = await createUser();
    const other = await createUser();
    const admin = await createUser({ role: "ADMIN" });
    const { body } = await upload(owner, form(await pngImage()));
    expect(body.url).toBeTruthy();

    expect((await openImage(owner.cookie, body.url)).status).toBe(200);
    expect((await openImage(other.cookie, body.url)).status).toBe(404);
    expect((await openImage(undefined, body.url)).status).toBe(401);
    expect((await openImage(other.cookie, "/api/id-images/..%2F..%2Fetc")).status).toBe(404);
    const asAdmin = await openImage(admin.cookie, body.url);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("content-type")).toBe("image/png");

    const db = await getDb();
    const views = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from audit_log where action = 'kyc.image.view'
        and actor_id = ${admin.id} and target_user_id = ${owner.id}`),
    )[0]!.n;
    expect(views).toBe(1);

    // The URL lookup: the owner and admins get it; another member and a guest do not.
    const mine = await call(idImage, "GET", `/api/users/${owner.userId}/id-image`, {
      cookie: owner.cookie,
      params: { userId: owner.userId },
    });
    expect(mine).toMatchObject({ status: 200, body: { url: body.url } });
    const theirs = await call(idImage, "GET", `/api/users/${owner.userId}/id-image`, {
      cookie: other.cookie,
      params: { userId: owner.userId },
    });
    expect(theirs.status).toBe(403);
    const adminLookup = await call(idImage, "GET", `/api/users/${owner.userId}/id-image`, {
      cookie: admin.cookie,
      params: { userId: owner.userId },
    });
    expect(adminLookup.body.url).toBe(body.url);
    const none = await call(idImage, "GET", `/api/users/${other.userId}/id-image`, {
      cookie: other.cookie,
      params: { userId: other.userId },
    });
    expect(none.status).toBe(404);
  });
});

async function readBytes(url: string, cookie: string) {
  const res = await idImageFile.GET(
    new (await import("next/server")).NextRequest(new URL(url, "http://localhost:3000"), { headers: { cookie } }),
    { params: Promise.resolve({ key: keyOf(url) }) },
  );
  return Buffer.from(await res.arrayBuffer());
}

describe("review and the 1000 WLD reward", () => {
  it("A5 ten concurrent approvals credit 1000 WLD once, with one DEPOSIT row", async () => {
    const admins = await Promise.all([createUser({ role: "ADMIN" }), createUser({ role: "SUPERADMIN" })]);
    const u = await createUser();
    expect((await upload(u, form(await pngImage()))).status).toBe(201);

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(admins[i % 2]!, u.id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(results.find((r) => r.status === 200)!.body).toMatchObject({
      idStatus: "APPROVED",
      CertID: true,
      rewardPaid: true,
    });

    expect(await wldOf(u.id)).toBe("1000");
    expect(await depositRows(u.id)).toBe(1);
    expect((await storedFor(u.id)).status).toBe("APPROVED");

    // Once approved, no further upload.
    const again = await upload({ ...u, cookie: u.cookie }, form(await pngImage()));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ALREADY_APPROVED");
    await expectLedgerConsistent();
  });

  it("A5 nothing to approve → 409; reject → upload → approve cycles, and a revoked approval, pay 1000 once", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();
    const nothing = await approve(admin, u.id);
    expect(nothing).toMatchObject({ status: 409, body: { code: "NOTHING_TO_APPROVE" } });

    expect((await upload(u, form(await pngImage()))).status).toBe(201);
    const rejected = await reject(admin, u.id, "사진이 흐립니다");
    expect(rejected).toMatchObject({ status: 200, body: { idStatus: "REJECTED" } });
    const state = await call(idDocument, "GET", `/api/users/${u.userId}/id-document`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(state.body).toMatchObject({
      idStatus: "REJECTED",
      CertID: false,
      reason: "사진이 흐립니다",
      rewardReceived: false,
    });
    expect((await approve(admin, u.id)).status).toBe(409); // a rejected document cannot be approved

    expect((await upload(u, form(await pngImage(500, 300)))).status).toBe(201);
    expect((await approve(admin, u.id)).body).toMatchObject({ rewardPaid: true });
    // Revoked, re-submitted, approved again: the reward does not pay twice.
    expect((await reject(admin, u.id, "재확인 필요")).status).toBe(200);
    expect((await upload(u, form(await pngImage(520, 320)))).status).toBe(201);
    expect((await approve(admin, u.id)).body).toMatchObject({ idStatus: "APPROVED", rewardPaid: false });

    expect(await wldOf(u.id)).toBe("1000");
    expect(await depositRows(u.id)).toBe(1);
    // Older images were erased as new ones came in: one stored image per member.
    expect(await storedFor(u.id)).toEqual({ docs: 3, blobs: 1, status: "APPROVED" });

    const review = await call(adminIdDocument, "GET", `/api/admin/users/${u.id}/id-document`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ idStatus: "APPROVED", CertID: true, rewardReceived: true });
    expect(review.body.timeline.map((d: { status: string; erased: boolean }) => [d.status, d.erased])).toEqual([
      ["APPROVED", false],
      ["REJECTED", true],
      ["REJECTED", true],
    ]);
    expect(review.body.timeline[1]).toMatchObject({ reason: "재확인 필요", reviewedBy: admin.userId });

    const db = await getDb();
    const audits = rowsOf<{ action: string; n: number }>(
      await db.execute(sql`select action, count(*)::int as n from audit_log where target_user_id = ${u.id}
        and action in ('kyc.approve', 'kyc.reject') group by action order by action`),
    );
    expect(audits).toEqual([
      { action: "kyc.approve", n: 2 },
      { action: "kyc.reject", n: 2 },
    ]);
    await expectLedgerConsistent();
  });

  it("an approval pinned to the reviewed document refuses a submission replaced in the meantime", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser();
    await upload(u, form(await pngImage()));
    const seen = await call(adminIdDocument, "GET", `/api/admin/users/${u.id}/id-document`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    const reviewedId = seen.body.timeline[0].id;
    await upload(u, form(await pngImage(300, 200))); // the member swaps the image
    const stale = await call(approveId, "PATCH", `/api/admin/users/${u.id}/approve-id`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
      body: { documentId: reviewedId },
    });
    expect(stale).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    expect(await wldOf(u.id)).toBe("0");
    const fresh = await call(adminIdDocument, "GET", `/api/admin/users/${u.id}/id-document`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    const ok = await call(approveId, "PATCH", `/api/admin/users/${u.id}/approve-id`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
      body: { documentId: fresh.body.timeline[0].id },
    });
    expect(ok.status).toBe(200);
    expect(await wldOf(u.id)).toBe("1000");
    await expectLedgerConsistent();
  });

  it("members cannot review; a reject needs a reason", async () => {
    const member = await createUser();
    const u = await createUser();
    await upload(u, form(await pngImage()));
    expect((await approve(member, u.id)).status).toBe(403);
    expect((await reject(member, u.id)).status).toBe(403);
    const admin = await createUser({ role: "ADMIN" });
    expect((await reject(admin, u.id, "   ")).status).toBe(400);
    expect((await approve(admin, 999_999)).status).toBe(404);
    expect((await storedFor(u.id)).status).toBe("PENDING");
    expect(await wldOf(u.id)).toBe("0");
  });
});

describe("DELETE /api/admin/users/{id} deactivates", () => {
  it("takes the ID image out of the member's record, erases the personal data on it, ends sessions at the next request, keeps the ledger", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const u = await createUser({ walletAddr: "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7" });
    const { body } = await upload(u, form(await jpegWithMetadata(), "id.jpg", "image/jpeg"));
    expect((await approve(admin, u.id)).status).toBe(200);
    expect((await openImage(u.cookie, body.url)).status).toBe(200);

    const res = await call(deleteMember, "DELETE", `/api/admin/users/${u.id}`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    expect(res).toMatchObject({ status: 200, body: { status: "DEACTIVATED" } });

    expect((await openImage(admin.cookie, body.url)).status).toBe(404);
    expect((await storedFor(u.id)).blobs).toBe(0);
    // The image is not erased at deactivation: the law keeps it 5 years (docs/operations.md, "Retention").
    // Its encrypted blob is held by the retention record only, readable by a SUPERADMIN (retention.test.ts).
    const db = await getDb();
    const [retained] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from retained_id_images i join file_blobs b on b.key = i.storage_key
        where i.user_id = ${u.id} and i.storage_key = ${keyOf(body.url)}`),
    );
    expect(retained!.n).toBe(1);
    const [row] = rowsOf<{
      name: string;
      phone: string | null;
      wallet_addr: string | null;
      status: string;
      erased: number;
    }>(
      await db.execute(sql`select name, phone, wallet_addr, status::text as status,
        (select count(*)::int from id_documents where user_id = ${u.id} and erased_at is not null and storage_key is null) as erased
        from users where id = ${u.id}`),
    );
    expect(row).toEqual({ name: "탈퇴한 회원", phone: null, wallet_addr: null, status: "DEACTIVATED", erased: 1 });
    // The member's old cookie no longer works.
    const stale = await call(idDocument, "GET", `/api/users/${u.userId}/id-document`, {
      cookie: u.cookie,
      params: { userId: u.userId },
    });
    expect(stale.status).toBe(401);
    // The ledger keeps the reward: still balanced, the posting still there.
    expect(await wldOf(u.id)).toBe("1000");
    await expectLedgerConsistent();
    const again = await call(deleteMember, "DELETE", `/api/admin/users/${u.id}`, {
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    expect(again.status).toBe(404);
  });

  it("admins cannot delete themselves or a SUPERADMIN; members cannot delete anyone", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const superadmin = await createUser({ role: "SUPERADMIN" });
    const member = await createUser();
    const del = (actor: TestUser, id: number) =>
      call(deleteMember, "DELETE", `/api/admin/users/${id}`, { cookie: actor.cookie, params: { id: String(id) } });
    expect((await del(admin, admin.id)).status).toBe(403);
    expect((await del(admin, superadmin.id)).status).toBe(403);
    expect((await del(superadmin, superadmin.id)).status).toBe(403);
    expect((await del(member, admin.id)).status).toBe(403);
    expect((await del(admin, 0)).status).toBe(404);
    const db = await getDb();
    const active = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from users where status = 'ACTIVE'
        and id in (${admin.id}, ${superadmin.id}, ${member.id})`),
    )[0]!.n;
    expect(active).toBe(3);
  });
});
