/** Authorization matrix rows for ID verification. */
import { call } from "../../support/http";
import * as uploadId from "@/app/api/upload-id/route";
import { form, pngImage } from "../kyc-images";
import { ADMIN_ONLY, ALLOWED, ANY_MEMBER, type AuthzRow, MEMBER_OWN, STAFF_READ } from "./types";

const notAnImage = () => form(Buffer.from("plain text, not an image"), "id.png", "image/png");

export const rows: AuthzRow[] = [
  {
    method: "POST",
    path: "/api/upload-id",
    rawBody: notAnImage, // passes the guard, then 415: nothing is stored
    expect: ANY_MEMBER,
    note: "each caller uploads for themself only",
  },
  {
    method: "GET",
    path: "/api/users/[userId]/id-image",
    params: ({ self }) => ({ userId: self.userId }),
    expect: { ...MEMBER_OWN, ...STAFF_READ },
  },
  {
    method: "GET",
    path: "/api/users/[userId]/id-document",
    params: ({ self }) => ({ userId: self.userId }),
    expect: { ...MEMBER_OWN, ...STAFF_READ },
  },
  {
    method: "GET",
    path: "/api/id-images/[key]",
    prepare: async (ctx) => {
      const res = await call(uploadId, "POST", "/api/upload-id", {
        cookie: ctx.self.cookie,
        rawBody: form(await pngImage(120, 80)),
      });
      if (res.status !== 201) throw new Error(`upload for the matrix failed: ${res.status}`);
      ctx.data.key = String(res.body.url).split("/").pop();
    },
    params: ({ data }) => ({ key: String(data.key) }),
    expect: { guest: 401, self: ALLOWED, other: 404, admin: ALLOWED, superadmin: ALLOWED, ...STAFF_READ },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/approve-id",
    params: ({ self }) => ({ id: String(self.id) }),
    expect: ADMIN_ONLY, // nothing submitted: 409 for admins
  },
  {
    method: "PATCH",
    path: "/api/admin/users/[id]/reject-id",
    params: ({ self }) => ({ id: String(self.id) }),
    body: {},
    expect: ADMIN_ONLY, // no reason: 400 for admins
  },
  {
    method: "GET",
    path: "/api/admin/users/[id]/id-document",
    params: ({ self }) => ({ id: String(self.id) }),
    expect: { ...ADMIN_ONLY, ...STAFF_READ },
  },
  {
    method: "DELETE",
    path: "/api/admin/users/[id]",
    params: ({ self }) => ({ id: String(self.id) }),
    expect: ADMIN_ONLY, // the admin deactivates the throwaway member; the superadmin then gets 404
  },
];
