/**
 * 1:1 support: a member's inquiries are their own (another member's, and an administrator on the
 * member routes, get 404 as if it did not exist); attached images open for the owner and for staff holding
 * support.read; the queue and one inquiry need support.read, assigning, answering and closing support.answer
 * (administrators and the SUPPORT role).
 */
import * as mine from "@/app/api/inquiries/route";
import { call } from "../../support/http";
import { ADMIN_ONLY, ALLOWED, ANY_MEMBER, type AuthzCtx, type AuthzRow } from "./types";

/** `self` opens an inquiry with one small PNG; its id and image URL go to ctx.data. */
async function selfInquiry(ctx: AuthzCtx) {
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append("category", "other");
  fd.append("text", "권한 확인용 문의");
  fd.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
  const res = await call(mine, "POST", "/api/inquiries", { rawBody: fd, cookie: ctx.self.cookie });
  if (res.status !== 201) throw new Error(`inquiry not opened: ${res.status} ${res.text}`);
  ctx.data.id = String(res.body.id);
  ctx.data.key = String(res.body.messages[0].images[0].url).split("/").pop();
}

const emptyText = () => {
  const fd = new FormData();
  fd.append("text", "");
  return fd;
};

const STAFF_READ = { ...ADMIN_ONLY, support: ALLOWED };
const OWN_ONLY = { guest: 401, self: ALLOWED, other: 404, admin: 404, superadmin: 404 } as const;

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/inquiries", expect: ANY_MEMBER },
  { method: "POST", path: "/api/inquiries", body: {}, note: "not multipart: 415 after the guard", expect: ANY_MEMBER },
  {
    method: "GET",
    path: "/api/inquiries/[id]",
    prepare: selfInquiry,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    expect: OWN_ONLY,
  },
  {
    method: "POST",
    path: "/api/inquiries/[id]/messages",
    prepare: selfInquiry,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    rawBody: emptyText,
    note: "an empty reply: 400 for the owner after the guard, 404 for anyone else",
    expect: OWN_ONLY,
  },
  {
    method: "GET",
    path: "/api/inquiry-images/[key]",
    prepare: selfInquiry,
    params: (ctx) => ({ key: String(ctx.data.key) }),
    expect: { guest: 401, self: 200, other: 404, admin: 200, superadmin: 200, support: 200 },
  },
  { method: "GET", path: "/api/admin/inquiries", expect: STAFF_READ },
  {
    method: "GET",
    path: "/api/admin/inquiries/[id]",
    prepare: selfInquiry,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    expect: STAFF_READ,
  },
  {
    method: "POST",
    path: "/api/admin/inquiries/[id]/assign",
    prepare: selfInquiry,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    body: {},
    expect: STAFF_READ,
  },
  {
    method: "POST",
    path: "/api/admin/inquiries/[id]/answer",
    prepare: selfInquiry,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    body: { text: "" },
    note: "an empty answer: 400 after the guard",
    expect: STAFF_READ,
  },
  {
    method: "POST",
    path: "/api/admin/inquiries/[id]/close",
    params: () => ({ id: "2147483000" }),
    body: {},
    note: "an inquiry that does not exist: 404 after the guard",
    expect: STAFF_READ,
  },
];
