/**
 * Notices (공지사항): any signed-in member reads the published ones; writing, changing and withdrawing need
 * notices.manage (administrators and the SUPPORT desk, lib/auth/permissions.ts).
 */
import { getDb } from "@/db/client";
import { publishNotice } from "@/lib/notices/publish";
import { ADMIN_ONLY, ALLOWED, ANY_MEMBER, type AuthzRow } from "./types";

const MANAGE = { ...ADMIN_ONLY, support: ALLOWED };

const published = async (ctx: { data: Record<string, unknown> }) => {
  const db = await getDb();
  const { id } = await publishNotice(db, {
    category: "general",
    titleKo: "권한 확인 공지",
    titleEn: "Authz notice",
    bodyKo: "본문",
    bodyEn: "Body",
    createdBy: null,
  });
  ctx.data.id = id;
};

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/notices", expect: ANY_MEMBER },
  { method: "GET", path: "/api/notices/unread-count", expect: ANY_MEMBER },
  {
    method: "GET",
    path: "/api/notices/[id]",
    prepare: published,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    expect: { guest: 401, self: 200, other: 200, admin: 200, superadmin: 200 },
  },
  { method: "GET", path: "/api/admin/notices", expect: MANAGE },
  {
    method: "POST",
    path: "/api/admin/notices",
    body: { category: "general", titleKo: "" },
    note: "an empty title fails validation after the guard",
    expect: MANAGE,
  },
  {
    method: "PATCH",
    path: "/api/admin/notices/[id]",
    prepare: published,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    body: {},
    note: "no field: 400 after the guard",
    expect: MANAGE,
  },
  {
    method: "DELETE",
    path: "/api/admin/notices/[id]",
    params: () => ({ id: "999999999" }),
    note: "an unknown notice: 404 after the guard",
    expect: MANAGE,
  },
];
