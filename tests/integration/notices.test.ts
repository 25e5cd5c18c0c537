/**
 * Notices (공지사항): administrators write, change and withdraw them through the real console routes (audited,
 * never deleted); members list the published ones (pinned first, newest first), open one (marked read) and read
 * them in their language; bad input is 400 with the form's code; markdown never renders as HTML.
 */
import { and, eq, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import * as adminOneRoute from "@/app/api/admin/notices/[id]/route";
import * as adminRoute from "@/app/api/admin/notices/route";
import * as oneRoute from "@/app/api/notices/[id]/route";
import * as listRoute from "@/app/api/notices/route";
import * as unreadRoute from "@/app/api/notices/unread-count/route";
import { getDb, rowsOf } from "@/db/client";
import { noticeReads, notices } from "@/db/schema";
import { NoticeMarkdown } from "@/components/notices/notice-markdown";
import { now, setTestClock } from "@/lib/clock";
import { parseMarkdown, safeHref } from "@/lib/notices/markdown";
import { publishNotice, retireNotice } from "@/lib/notices/publish";
import { createUser } from "../factories/users";
import type { TestUser } from "../factories/users";
import { call } from "../support/http";
import { onPostgres } from "../support/setup-db";

const kind = onPostgres() ? "PostgreSQL" : "PGlite";

afterEach(() => setTestClock(null));

const withLocale = (u: TestUser, locale?: "ko" | "en") => (locale ? `${u.cookie}; NEXT_LOCALE=${locale}` : u.cookie);
const list = (u: TestUser, locale?: "ko" | "en", query = "?limit=50") =>
  call(listRoute, "GET", `/api/notices${query}`, { cookie: withLocale(u, locale) });
const open = (u: TestUser, id: number, locale?: "ko" | "en") =>
  call(oneRoute, "GET", `/api/notices/${id}`, { cookie: withLocale(u, locale), params: { id: String(id) } });
const create = (admin: TestUser, body: unknown) =>
  call(adminRoute, "POST", "/api/admin/notices", { body, cookie: admin.cookie });
const patch = (admin: TestUser, id: number, body: unknown) =>
  call(adminOneRoute, "PATCH", `/api/admin/notices/${id}`, { body, cookie: admin.cookie, params: { id: String(id) } });
const withdraw = (admin: TestUser, id: number) =>
  call(adminOneRoute, "DELETE", `/api/admin/notices/${id}`, { cookie: admin.cookie, params: { id: String(id) } });

/** Ends every live notice first, so a test sees only its own. */
async function clearLive() {
  const db = await getDb();
  const ids = await db.select({ id: notices.id }).from(notices);
  for (const { id } of ids) await retireNotice(db, id);
}

const base = { category: "general", titleKo: "제목", bodyKo: "본문" };

async function auditRows(action: string, targetId: number) {
  const db = await getDb();
  return rowsOf<{ actor_id: number; before: any; after: any }>(
    await db.execute(
      sql`SELECT actor_id, before, after FROM audit_log WHERE action = ${action} AND target_id = ${String(targetId)} ORDER BY id`,
    ),
  );
}

describe(`notices in the console (${kind})`, () => {
  it("an administrator writes a notice: 201 with it, audited notice.create", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const r = await create(admin, {
      category: "event",
      titleKo: "  신규 이벤트  ",
      titleEn: "New event",
      bodyKo: "**이벤트** 안내",
      bodyEn: "About the **event**",
      pinned: true,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      category: "event",
      titleKo: "신규 이벤트",
      pinned: true,
      publishedUntil: null,
      createdBy: admin.id,
      state: "live",
    });
    const rows = await auditRows("notice.create", r.body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor_id).toBe(admin.id);
    expect(rows[0]?.after).toMatchObject({ titleKo: "신규 이벤트", pinned: true, category: "event" });
    const listed = await call(adminRoute, "GET", "/api/admin/notices?limit=50", { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.items.some((n: { id: number }) => n.id === r.body.id)).toBe(true);
  });

  it("bad input is 400 with the form's code and writes nothing", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const db = await getDb();
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(notices);
    const cases: [unknown, string][] = [
      [{ ...base, titleKo: "" }, "NOTICE_INVALID_TITLE"],
      [{ ...base, titleKo: "가".repeat(121) }, "NOTICE_INVALID_TITLE"],
      [{ ...base, titleKo: 5 }, "NOTICE_INVALID_TITLE"],
      [{ ...base, titleKo: "두\n줄" }, "INVALID_CHARACTERS"],
      [{ ...base, bodyKo: "   " }, "NOTICE_INVALID_BODY"],
      [{ ...base, bodyEn: "a".repeat(8001) }, "NOTICE_INVALID_BODY"],
      [{ ...base, bodyKo: "x\u0000y" }, "INVALID_CHARACTERS"],
      [{ ...base, category: "gossip" }, "NOTICE_INVALID_CATEGORY"],
      [{ ...base, category: undefined }, "NOTICE_INVALID_CATEGORY"],
      [{ ...base, publishedFrom: "tomorrow" }, "NOTICE_INVALID_WINDOW"],
      [{ ...base, publishedFrom: "2030-01-01T00:00:00" }, "NOTICE_INVALID_WINDOW"],
      [
        { ...base, publishedFrom: "2030-01-02T00:00:00+09:00", publishedUntil: "2030-01-01T00:00:00+09:00" },
        "NOTICE_INVALID_WINDOW",
      ],
      [
        { ...base, publishedFrom: "2030-01-01T00:00:00+09:00", publishedUntil: "2030-01-01T00:00:00+09:00" },
        "NOTICE_INVALID_WINDOW",
      ],
      [{ ...base, publishedUntil: "2001-01-01T00:00:00Z" }, "NOTICE_INVALID_WINDOW"],
      [{ ...base, pinned: "yes" }, "VALIDATION"],
    ];
    for (const [body, code] of cases) {
      const r = await create(admin, body);
      expect({ body, status: r.status, code: r.body.code }).toEqual({ body, status: 400, code });
      expect(typeof r.body.error).toBe("string");
    }
    const en = await call(adminRoute, "POST", "/api/admin/notices", {
      body: { ...base, category: "nope" },
      cookie: `${admin.cookie}; NEXT_LOCALE=en`,
    });
    expect(en.body.error).toMatch(/category/i);
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(notices);
    expect(after?.n).toBe(before?.n);

    const made = await create(admin, { ...base, publishedFrom: "2031-01-01T00:00:00+09:00" });
    expect(made.status).toBe(201);
    // the window is checked against the stored start
    const bad = await patch(admin, made.body.id, { publishedUntil: "2030-12-31T00:00:00+09:00" });
    expect([bad.status, bad.body.code]).toEqual([400, "NOTICE_INVALID_WINDOW"]);
    const empty = await patch(admin, made.body.id, {});
    expect([empty.status, empty.body.code]).toEqual([400, "VALIDATION"]);
    expect((await patch(admin, 999_999_999, { pinned: true })).status).toBe(404);
    expect((await withdraw(admin, 999_999_999)).status).toBe(404);
  });

  it("changing is audited with the changed fields; withdrawing keeps the record and audits notice.retire", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const made = await create(admin, { ...base, titleKo: "원래 제목" });
    const id = made.body.id as number;
    const changed = await patch(admin, id, { titleKo: "바뀐 제목", pinned: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ titleKo: "바뀐 제목", pinned: true });
    const upd = await auditRows("notice.update", id);
    expect(upd).toHaveLength(1);
    expect(upd[0]?.before).toEqual({ titleKo: "원래 제목", pinned: false });
    expect(upd[0]?.after).toEqual({ titleKo: "바뀐 제목", pinned: true });

    expect((await open(member, id)).status).toBe(200);
    const gone = await withdraw(admin, id);
    expect(gone.status).toBe(200);
    expect(gone.body.state).toBe("ended");
    expect((await auditRows("notice.retire", id)).length).toBe(1);
    // kept, but no longer published
    const db = await getDb();
    expect(await db.select().from(notices).where(eq(notices.id, id))).toHaveLength(1);
    expect((await open(member, id)).status).toBe(404);
    expect((await list(member)).body.items.some((n: { id: number }) => n.id === id)).toBe(false);
    const ended = await call(adminRoute, "GET", "/api/admin/notices?state=ended&limit=50", { cookie: admin.cookie });
    expect(ended.body.items.some((n: { id: number }) => n.id === id)).toBe(true);
  });
});

describe(`notices for members (${kind})`, () => {
  it("lists only published notices, pinned first then newest; the window opens and closes with time", async () => {
    await clearLive();
    const db = await getDb();
    const member = await createUser();
    const t0 = now().getTime();
    const at = (mins: number) => new Date(t0 + mins * 60_000);
    const mk = (titleKo: string, extra: Partial<Parameters<typeof publishNotice>[1]> = {}) =>
      publishNotice(db, {
        category: "general",
        titleKo,
        titleEn: "",
        bodyKo: "본문",
        bodyEn: "",
        createdBy: null,
        ...extra,
      });
    const old = await mk("오래된", { publishedFrom: at(-60) });
    const newer = await mk("새로운", { publishedFrom: at(-30) });
    const pinnedOld = await mk("고정", { publishedFrom: at(-90), pinned: true });
    const later = await mk("예약", { publishedFrom: at(60) });
    const closing = await mk("곧 종료", { publishedFrom: at(-10), publishedUntil: at(30) });
    const ended = await mk("종료됨", { publishedFrom: at(-100), publishedUntil: at(-50) });

    const r = await list(member);
    expect(r.status).toBe(200);
    expect(r.body.items.map((n: { id: number }) => n.id)).toEqual([pinnedOld.id, closing.id, newer.id, old.id]);
    expect(r.body.total).toBe(4);
    expect(r.body.unread).toBe(4);
    expect((await open(member, later.id)).status).toBe(404);
    expect((await open(member, ended.id)).status).toBe(404);
    expect((await open(member, 424242)).status).toBe(404);
    expect(
      (await call(oneRoute, "GET", "/api/notices/abc", { cookie: member.cookie, params: { id: "abc" } })).status,
    ).toBe(404);

    setTestClock(at(61));
    const r2 = await list(member);
    expect(r2.body.items.map((n: { id: number }) => n.id)).toEqual([pinnedOld.id, later.id, newer.id, old.id]);
    expect((await open(member, closing.id)).status).toBe(404);
    expect((await open(member, later.id)).status).toBe(200);

    const paged = await list(member, undefined, "?page=2&limit=3");
    expect(paged.body.items.map((n: { id: number }) => n.id)).toEqual([old.id]);
    expect((await list(member, undefined, "?limit=0")).status).toBe(400);
  });

  it("opening a notice marks it read for that member only; the unread count follows", async () => {
    await clearLive();
    const db = await getDb();
    const [a, b] = [await createUser(), await createUser()];
    const { id } = await publishNotice(db, {
      category: "policy",
      titleKo: "약관 변경",
      titleEn: "Terms change",
      bodyKo: "본문",
      bodyEn: "Body",
      createdBy: null,
    });
    const unread = (u: TestUser) => call(unreadRoute, "GET", "/api/notices/unread-count", { cookie: u.cookie });
    expect((await unread(a)).body).toEqual({ unread: 1 });
    expect((await list(a)).body.items[0]).toMatchObject({ id, unread: true });
    const first = await open(a, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, unread: true, title: "약관 변경", body: "본문", category: "policy" });
    const second = await open(a, id);
    expect(second.body.unread).toBe(false);
    expect((await list(a)).body.items[0]).toMatchObject({ id, unread: false });
    expect((await list(a)).body.unread).toBe(0);
    expect((await unread(a)).body).toEqual({ unread: 0 });
    expect((await unread(b)).body).toEqual({ unread: 1 });
    expect((await list(b)).body.items[0]).toMatchObject({ id, unread: true });
    const reads = await db
      .select()
      .from(noticeReads)
      .where(and(eq(noticeReads.noticeId, id)));
    expect(reads.map((r) => r.userId)).toEqual([a.id]);
  });

  it("members read their language; empty English falls back to Korean", async () => {
    await clearLive();
    const db = await getDb();
    const member = await createUser();
    const both = await publishNotice(db, {
      category: "maintenance",
      titleKo: "서버 점검",
      titleEn: "Server maintenance",
      bodyKo: "점검 안내",
      bodyEn: "About maintenance",
      createdBy: null,
    });
    const koOnly = await publishNotice(db, {
      category: "general",
      titleKo: "한국어만",
      titleEn: "",
      bodyKo: "한국어 본문",
      bodyEn: "  ",
      createdBy: null,
    });
    const en = await list(member, "en");
    const byId = (items: { id: number; title: string }[], id: number) => items.find((n) => n.id === id)?.title;
    expect(byId(en.body.items, both.id)).toBe("Server maintenance");
    expect(byId(en.body.items, koOnly.id)).toBe("한국어만");
    const ko = await list(member, "ko");
    expect(byId(ko.body.items, both.id)).toBe("서버 점검");
    expect((await open(member, both.id, "en")).body).toMatchObject({
      title: "Server maintenance",
      body: "About maintenance",
    });
    expect((await open(member, koOnly.id, "en")).body).toMatchObject({ title: "한국어만", body: "한국어 본문" });
    expect((await open(member, both.id)).body.body).toBe("점검 안내");
  });

  it("a script, an onerror image and a javascript: link in a notice never become markup", async () => {
    await clearLive();
    const admin = await createUser({ role: "ADMIN" });
    const member = await createUser();
    const evil = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      "[x](javascript:alert(3)) and [y](JAVASCRIPT:alert(4)) and [z](data:text/html,<b>) and [w](//evil.example)",
      "**bold** [ok](https://example.com) [home](/home)",
    ].join("\n\n");
    const made = await create(admin, { ...base, bodyKo: evil });
    expect(made.status).toBe(201);
    const r = await open(member, made.body.id);
    expect(r.status).toBe(200);
    // the API carries the text as written, JSON-escaped: no HTML interpretation anywhere
    expect(r.body.body).toBe(evil);
    const html = renderToStaticMarkup(createElement(NoticeMarkdown, { source: r.body.body }));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    // no event-handler attribute inside any tag (the typed text "onerror=" stays text)
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/href="(?!https:\/\/example\.com"|\/home")/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<a href="https://example.com" class=');
    expect(html).toContain('<a href="/home"');
    expect(html).toContain("<strong>bold</strong>");
    for (const bad of ["javascript:alert(1)", " javascript:x", "data:text/html,x", "//evil", "vbscript:x", "\\\\evil"])
      expect(safeHref(bad)).toBeNull();
    expect(parseMarkdown("## 제목\n\n- 하나\n- 둘\n\n1. a\n2. b").map((b) => b.t)).toEqual(["h", "ul", "ol"]);
  });
});

describe(`publishNotice / retireNotice, the entry other features use (${kind})`, () => {
  it("writes in the caller's transaction and retires by ending the window once", async () => {
    setTestClock("2030-01-01T00:00:00Z");
    const db = await getDb();
    const input = { category: "maintenance" as const, titleKo: "점검", titleEn: "", bodyKo: "본문", bodyEn: "" };
    await expect(
      db.transaction(async (tx) => {
        await publishNotice(tx, { ...input, titleKo: "롤백", createdBy: null });
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow();
    expect(await db.select().from(notices).where(eq(notices.titleKo, "롤백"))).toHaveLength(0);
    const { id } = await db.transaction((tx) => publishNotice(tx, { ...input, createdBy: null }));
    const [row] = await db.select().from(notices).where(eq(notices.id, id));
    expect(row?.publishedFrom.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect([row?.publishedUntil, row?.pinned, row?.createdBy]).toEqual([null, false, null]);
    setTestClock("2030-01-01T01:00:00Z");
    await retireNotice(db, id);
    await retireNotice(db, id, new Date("2030-01-02T00:00:00Z"));
    const [after] = await db.select().from(notices).where(eq(notices.id, id));
    expect(after?.publishedUntil?.toISOString()).toBe("2030-01-01T01:00:00.000Z");
    // a scheduled notice retired before it starts keeps a valid window (until = from)
    const from = new Date("2031-05-01T00:00:00Z");
    const later = await publishNotice(db, { ...input, publishedFrom: from, createdBy: null });
    await retireNotice(db, later.id);
    const [l] = await db.select().from(notices).where(eq(notices.id, later.id));
    expect(l?.publishedUntil?.toISOString()).toBe(from.toISOString());
    await retireNotice(db, 999_999_999); // unknown: nothing, no error
  });
});
