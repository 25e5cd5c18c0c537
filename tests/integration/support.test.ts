/**
 * 1:1 support through the real route handlers: a member opens an inquiry with images (judged by content, stored
 * encrypted, served only to the owner and permitted staff), staff assign, answer and close it with every step
 * audited, the member is notified and replies, the statuses follow 접수 → 답변 중 → 답변 완료 → 종료, the queue puts
 * the longest wait first with the SLA clock on a controlled clock, and bad input stores nothing.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, rowsOf } from "@/db/client";
import * as adminQueue from "@/app/api/admin/inquiries/route";
import * as adminOne from "@/app/api/admin/inquiries/[id]/route";
import * as adminAssign from "@/app/api/admin/inquiries/[id]/assign/route";
import * as adminAnswer from "@/app/api/admin/inquiries/[id]/answer/route";
import * as adminClose from "@/app/api/admin/inquiries/[id]/close/route";
import * as mine from "@/app/api/inquiries/route";
import * as mineOne from "@/app/api/inquiries/[id]/route";
import * as mineReply from "@/app/api/inquiries/[id]/messages/route";
import * as imageFile from "@/app/api/inquiry-images/[key]/route";
import * as inbox from "@/app/api/notifications/route";
import { setTestClock } from "@/lib/clock";
import { createUser, type TestUser } from "../factories/users";
import { call } from "../support/http";
import { jpegWithMetadata, pngImage } from "./kyc-images";

afterEach(() => setTestClock(null));

type Img = { data: Buffer; name?: string; type?: string };

function inquiryForm(fields: Record<string, string>, images: Img[] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const i of images)
    fd.append("images", new Blob([new Uint8Array(i.data)], { type: i.type ?? "image/png" }), i.name ?? "shot.png");
  return fd;
}

const open = (u: TestUser, fields: Record<string, string>, images: Img[] = [], headers: Record<string, string> = {}) =>
  call(mine, "POST", "/api/inquiries", { rawBody: inquiryForm(fields, images), cookie: u.cookie, headers });
const reply = (u: TestUser, id: number, text: string, images: Img[] = []) =>
  call(mineReply, "POST", `/api/inquiries/${id}/messages`, {
    rawBody: inquiryForm({ text }, images),
    cookie: u.cookie,
    params: { id: String(id) },
  });
const getMine = (u: TestUser, id: number) =>
  call(mineOne, "GET", `/api/inquiries/${id}`, { cookie: u.cookie, params: { id: String(id) } });
const queue = (u: TestUser, query = "") =>
  call(adminQueue, "GET", `/api/admin/inquiries?${query}`, { cookie: u.cookie });
const staffGet = (u: TestUser, id: number) =>
  call(adminOne, "GET", `/api/admin/inquiries/${id}`, { cookie: u.cookie, params: { id: String(id) } });
const assign = (u: TestUser, id: number, body: object = {}) =>
  call(adminAssign, "POST", `/api/admin/inquiries/${id}/assign`, {
    cookie: u.cookie,
    params: { id: String(id) },
    body,
  });
const answer = (u: TestUser, id: number, text: string) =>
  call(adminAnswer, "POST", `/api/admin/inquiries/${id}/answer`, {
    cookie: u.cookie,
    params: { id: String(id) },
    body: { text },
  });
const close = (u: TestUser, id: number) =>
  call(adminClose, "POST", `/api/admin/inquiries/${id}/close`, {
    cookie: u.cookie,
    params: { id: String(id) },
    body: {},
  });
const keyOf = (url: string) => url.split("/").pop()!;
const openImage = (u: TestUser | null, url: string) =>
  call(imageFile, "GET", url, { cookie: u?.cookie, params: { key: keyOf(url) } });

async function counts() {
  const db = await getDb();
  const [row] = rowsOf<{ inquiries: number; messages: number; images: number; blobs: number }>(
    await db.execute(sql`select (select count(*)::int from inquiries) as inquiries,
      (select count(*)::int from inquiry_messages) as messages,
      (select count(*)::int from inquiry_images) as images,
      (select count(*)::int from file_blobs) as blobs`),
  );
  return row!;
}

async function auditActions(targetId: number) {
  const db = await getDb();
  return rowsOf<{ action: string; actor_id: number }>(
    await db.execute(
      sql`select action, actor_id from audit_log where target_id = ${String(targetId)} and action like 'support.%' order by id`,
    ),
  );
}

describe("1:1 support: the whole flow", () => {
  it("open with an image → assign → answer (notified) → reply → answer → close; every staff step audited", async () => {
    const member = await createUser();
    const staff = await createUser({ role: "ADMIN" });
    const res = await open(member, { category: "deposit", text: "입금이 안 보여요\n어제 보냈습니다." }, [
      { data: await jpegWithMetadata(), name: "receipt.jpg", type: "image/jpeg" },
    ]);
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({ status: "RECEIVED", category: "deposit", subject: "입금이 안 보여요" });
    expect(res.body.messages).toHaveLength(1);
    const image = res.body.messages[0].images[0];
    expect(image.url).toMatch(/^\/api\/inquiry-images\/[A-Za-z0-9_-]{43}$/);

    // Stored encrypted (the blob is not the JPEG), re-encoded (metadata gone), served privately to the owner.
    const db = await getDb();
    const [blob] = rowsOf<{ data: Buffer }>(
      await db.execute(sql`select data from file_blobs where key = ${keyOf(image.url)}`),
    );
    expect(
      Buffer.from(blob!.data)
        .subarray(0, 3)
        .equals(Buffer.from([0xff, 0xd8, 0xff])),
    ).toBe(false);
    const own = await openImage(member, image.url);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    const served = Buffer.from(
      await (
        await imageFile.GET(
          new (
            await import("next/server")
          ).NextRequest(new URL(image.url, "http://localhost:3000"), {
            headers: { cookie: member.cookie },
          }),
          { params: Promise.resolve({ key: keyOf(image.url) }) },
        )
      ).arrayBuffer(),
    );
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();

    const list = await call(mine, "GET", "/api/inquiries", { cookie: member.cookie });
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([id]);

    // Staff: in the queue, waiting, not yet overdue.
    const q = await queue(staff);
    expect(q.status).toBe(200);
    const item = q.body.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ status: "RECEIVED", overdue: false, slaHours: 24, assignee: null });
    expect(item.member.userId).toBe(member.userId);
    expect(q.body.assignees.map((s: { userId: string }) => s.userId)).toContain(staff.userId);

    // Staff open the image: allowed, and audited.
    expect((await openImage(staff, image.url)).status).toBe(200);

    const a = await assign(staff, id);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: "ANSWERING", assignee: { userId: staff.userId } });

    const ans = await answer(staff, id, "확인해보니 처리 중입니다.");
    expect(ans.status).toBe(200);
    expect(ans.body).toMatchObject({ status: "ANSWERED", waitingSince: null, overdue: false });
    expect(ans.body.messages.at(-1)).toMatchObject({ fromStaff: true, author: staff.userId });

    // The member sees the answer (without the staff handle) and a notification linking to it, in both languages.
    const seen = await getMine(member, id);
    expect(seen.body.status).toBe("ANSWERED");
    expect(seen.body.messages.at(-1)).toMatchObject({
      fromStaff: true,
      author: null,
      body: "확인해보니 처리 중입니다.",
    });
    const ko = await call(inbox, "GET", "/api/notifications", { cookie: member.cookie });
    const note = ko.body.items.find((n: { kind: string }) => n.kind === "inquiry_answered");
    expect(note).toMatchObject({ title: "1:1 문의 답변", href: `/support/view?id=${id}` });
    const en = await call(inbox, "GET", "/api/notifications", { cookie: `${member.cookie}; NEXT_LOCALE=en` });
    expect(en.body.items.find((n: { kind: string }) => n.kind === "inquiry_answered").title).toBe(
      "Your inquiry was answered",
    );

    // The member replies: the inquiry waits for its assignee again.
    const r = await reply(member, id, "감사합니다. 언제 끝나나요?");
    expect(r.status).toBe(201);
    expect(r.body.status).toBe("ANSWERING");
    expect((await staffGet(staff, id)).body.waitingSince).not.toBeNull();

    expect((await answer(staff, id, "오늘 안에 끝납니다.")).body.status).toBe("ANSWERED");
    const c = await close(staff, id);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ status: "CLOSED" });
    expect(c.body.closedAt).not.toBeNull();

    // Closed: nothing more from anyone.
    const late = await reply(member, id, "하나 더요");
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("INQUIRY_CLOSED");
    expect((await answer(staff, id, "추가")).status).toBe(409);
    expect((await close(staff, id)).status).toBe(409);

    const notes = (await call(inbox, "GET", "/api/notifications", { cookie: member.cookie })).body.items.filter(
      (n: { kind: string }) => n.kind === "inquiry_answered",
    );
    expect(notes).toHaveLength(2); // one per answer

    expect((await auditActions(id)).map((r) => r.action)).toEqual([
      "support.image.view",
      "support.assign",
      "support.answer",
      "support.answer",
      "support.close",
    ]);
    expect((await auditActions(id)).every((r) => r.actor_id === staff.id)).toBe(true);
  });

  it("an answered inquiry nobody was assigned to goes back to 접수 on a reply; the answerer becomes the assignee", async () => {
    const member = await createUser();
    const staff = await createUser({ role: "ADMIN" });
    const id = (await open(member, { category: "other", text: "질문" })).body.id as number;
    const ans = await answer(staff, id, "답변");
    expect(ans.body).toMatchObject({ status: "ANSWERED", assignee: { userId: staff.userId } });
    expect((await reply(member, id, "추가 질문")).body.status).toBe("ANSWERING");

    const other = await createUser();
    const id2 = (await open(other, { category: "other", text: "질문" })).body.id as number;
    const db = await getDb();
    // An answer recorded without an assignee (as a staff member removed since would leave it):
    await db.execute(sql`update inquiries set status = 'ANSWERED', waiting_since = null where id = ${id2}`);
    expect((await reply(other, id2, "다시")).body.status).toBe("RECEIVED");
  });

  it("assigning to another staff member works; to a plain member is 400; acting on one's own inquiry is 403", async () => {
    const member = await createUser();
    const staff = await createUser({ role: "ADMIN" });
    const colleague = await createUser({ role: "ADMIN" });
    const id = (await open(member, { category: "account", text: "로그인이 안 돼요" })).body.id as number;
    const a = await assign(staff, id, { assigneeId: colleague.id });
    expect(a.status).toBe(200);
    expect(a.body.assignee.userId).toBe(colleague.userId);
    const bad = await assign(staff, id, { assigneeId: member.id });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INQUIRY_ASSIGNEE_INVALID");
    expect((await queue(colleague, "who=mine")).body.items.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await queue(staff, "who=mine")).body.items).toEqual([]);

    const ownId = (await open(staff, { category: "other", text: "직원의 문의" })).body.id as number;
    const self = await answer(staff, ownId, "스스로 답변");
    expect(self.status).toBe(403);
    expect(self.body.code).toBe("SELF_ACTION");
    expect((await answer(colleague, ownId, "동료의 답변")).status).toBe(200);
  });
});

describe("1:1 support: members see only their own", () => {
  it("another member's inquiry, reply and image → 404; a plain member calling the staff queue → 403", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const res = await open(owner, { category: "withdraw", text: "출금 문의" }, [{ data: await pngImage(64, 64) }]);
    const id = res.body.id as number;
    const url = res.body.messages[0].images[0].url as string;

    const peek = await getMine(intruder, id);
    expect(peek.status).toBe(404);
    expect(peek.body.code).toBe("NOT_FOUND");
    expect((await reply(intruder, id, "끼어들기")).status).toBe(404);
    expect((await openImage(intruder, url)).status).toBe(404);
    expect((await openImage(null, url)).status).toBe(401);
    expect((await call(mine, "GET", "/api/inquiries", { cookie: intruder.cookie })).body.items).toEqual([]);
    expect((await queue(intruder)).status).toBe(403);
    expect((await getMine(owner, 2_147_483_648)).status).toBe(404);
    expect((await getMine(owner, id)).body.messages).toHaveLength(1);
  });

  it("an ADMIN does not see a SUPERADMIN's inquiry", async () => {
    const boss = await createUser({ role: "SUPERADMIN" });
    const admin = await createUser({ role: "ADMIN" });
    const id = (await open(boss, { category: "other", text: "최고 관리자의 문의" })).body.id as number;
    expect((await staffGet(admin, id)).status).toBe(404);
    expect((await queue(admin, "status=all")).body.items.map((i: { id: number }) => i.id)).not.toContain(id);
  });
});

describe("1:1 support: the queue and its SLA clock", () => {
  it("oldest unanswered first, overdue at SUPPORT_SLA_HOURS (24), answered ones after the waiting ones", async () => {
    const staff = await createUser({ role: "ADMIN" });
    const t0 = new Date("2031-03-02T00:00:00Z").getTime();
    const H = 3_600_000;
    const ids: number[] = [];
    for (const offset of [2, 0, 1]) {
      setTestClock(new Date(t0 + offset * H));
      const m = await createUser();
      ids[offset] = (await open(m, { category: "staking", text: `문의 ${offset}` })).body.id as number;
    }
    setTestClock(new Date(t0 + 24.5 * H));
    const q = await queue(staff, "status=open&limit=100");
    const mineOnly = q.body.items.filter((i: { id: number }) => ids.includes(i.id));
    expect(mineOnly.map((i: { id: number }) => i.id)).toEqual([ids[0], ids[1], ids[2]]);
    expect(mineOnly.map((i: { overdue: boolean }) => i.overdue)).toEqual([true, false, false]);
    expect(mineOnly.map((i: { waitingHours: number }) => i.waitingHours)).toEqual([24.5, 23.5, 22.5]);

    setTestClock(new Date(t0 + 25.5 * H));
    const later = (await queue(staff, "limit=100")).body.items.filter((i: { id: number }) => ids.includes(i.id));
    expect(later.map((i: { overdue: boolean }) => i.overdue)).toEqual([true, true, false]);

    // Answering the oldest stops its clock: it moves behind every waiting one.
    await answer(staff, ids[0]!, "답변");
    const after = (await queue(staff, "limit=100")).body.items.filter((i: { id: number }) => ids.includes(i.id));
    expect(after.map((i: { id: number }) => i.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(after[2]).toMatchObject({ status: "ANSWERED", overdue: false, waitingHours: null });
    expect((await queue(staff, "status=ANSWERED&limit=100")).body.items.map((i: { id: number }) => i.id)).toContain(
      ids[0],
    );
    expect((await queue(staff, "who=unassigned&limit=100")).body.items.map((i: { id: number }) => i.id)).not.toContain(
      ids[0],
    );
  });
});

describe("1:1 support: bad input is 400 (415/413 for files) and stores nothing", () => {
  it.each([
    ["empty text", { category: "other", text: "   " }, 0, "INQUIRY_TEXT_REQUIRED", 400],
    ["text too long", { category: "other", text: "가".repeat(2001) }, 0, "INQUIRY_TEXT_TOO_LONG", 400],
    ["unknown category", { category: "lottery", text: "질문" }, 0, "INQUIRY_CATEGORY_INVALID", 400],
    ["no category", { text: "질문" }, 0, "INQUIRY_CATEGORY_INVALID", 400],
    ["four images", { category: "other", text: "질문" }, 4, "INQUIRY_TOO_MANY_IMAGES", 400],
  ] as const)("%s", async (_name, fields, images, code, status) => {
    const member = await createUser();
    const before = await counts();
    const png = await pngImage(32, 32);
    const res = await open(
      member,
      fields,
      Array.from({ length: images }, () => ({ data: png })),
    );
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.error).toMatch(/[가-힣]/);
    expect(await counts()).toEqual(before);
  });

  it("the same errors in English", async () => {
    const member = await createUser();
    const res = await open({ ...member, cookie: `${member.cookie}; NEXT_LOCALE=en` }, { category: "other", text: "" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Please write your question.");
  });

  it("a text file named .png is refused by its content (415), with nothing stored", async () => {
    const member = await createUser();
    const before = await counts();
    const res = await open(member, { category: "other", text: "사진 첨부" }, [
      { data: await pngImage(16, 16) },
      { data: Buffer.from("hello, I am not an image\n".repeat(20)), name: "screen.png", type: "image/png" },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("UNSUPPORTED_MEDIA");
    expect(await counts()).toEqual(before);
  });

  it("a reply with bad input changes nothing either", async () => {
    const member = await createUser();
    const id = (await open(member, { category: "other", text: "질문" })).body.id as number;
    const before = await counts();
    expect((await reply(member, id, "")).body.code).toBe("INQUIRY_TEXT_REQUIRED");
    const png = await pngImage(16, 16);
    expect(
      (
        await reply(
          member,
          id,
          "네 장",
          [png, png, png, png].map((data) => ({ data })),
        )
      ).status,
    ).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("a member has at most three inquiries waiting (409), and the staff answer text is checked too", async () => {
    const member = await createUser();
    const staff = await createUser({ role: "ADMIN" });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await open(member, { category: "other", text: `질문 ${i}` })).body.id);
    const fourth = await open(member, { category: "other", text: "네 번째" });
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe("INQUIRY_OPEN_LIMIT");
    expect((await answer(staff, ids[0]!, "  ")).body.code).toBe("INQUIRY_TEXT_REQUIRED");
    expect((await answer(staff, ids[0]!, "a".repeat(2001))).body.code).toBe("INQUIRY_TEXT_TOO_LONG");
    await answer(staff, ids[0]!, "답변");
    expect((await open(member, { category: "other", text: "이제 됩니다" })).status).toBe(201);
  });

  it("support records are never deleted", async () => {
    const member = await createUser();
    const id = (await open(member, { category: "other", text: "질문" })).body.id as number;
    const db = await getDb();
    await expect(db.execute(sql`delete from inquiry_messages where inquiry_id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from inquiries where id = ${id}`)).rejects.toThrow();
  });
});
