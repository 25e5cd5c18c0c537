/**
 * Authorization matrix rows for the identity a deactivated member left, kept by law (docs/operations.md): a SUPERADMIN
 * reads it (200), everyone else is refused. `self` is deactivated by an ADMIN first, so their own session answers
 * 401, as for any deactivated member.
 */
import * as deactivate from "@/app/api/admin/users/[id]/route";
import * as uploadId from "@/app/api/upload-id/route";
import { getDb, rowsOf } from "@/db/client";
import { sql } from "drizzle-orm";
import { call } from "../../support/http";
import { form, pngImage } from "../kyc-images";
import { type AuthzCtx, type AuthzRow, SUPERADMIN_ONLY } from "./types";

/** `self` uploads an ID image and is deactivated; the image's document id goes to ctx.data.documentId. */
async function deactivatedWithImage(ctx: AuthzCtx): Promise<void> {
  const uploaded = await call(uploadId, "POST", "/api/upload-id", {
    cookie: ctx.self.cookie,
    rawBody: form(await pngImage(120, 80)),
  });
  if (uploaded.status !== 201) throw new Error(`upload for the matrix failed: ${uploaded.status}`);
  const gone = await call(deactivate, "DELETE", `/api/admin/users/${ctx.self.id}`, {
    cookie: ctx.admin.cookie,
    params: { id: String(ctx.self.id) },
  });
  if (gone.status !== 200) throw new Error(`deactivation for the matrix failed: ${gone.status}`);
  const [doc] = rowsOf<{ id: string }>(
    await (await getDb()).execute(sql`select document_id::text as id from retained_id_images
      where user_id = ${ctx.self.id}`),
  );
  ctx.data.documentId = doc!.id;
}

const KEPT_FOR_SUPERADMIN = { ...SUPERADMIN_ONLY, self: 401, superadmin: 200 } as const;

export const rows: AuthzRow[] = [
  {
    method: "GET",
    path: "/api/admin/users/[id]/retained-identity",
    prepare: deactivatedWithImage,
    params: ({ self }) => ({ id: String(self.id) }),
    expect: KEPT_FOR_SUPERADMIN,
  },
  {
    method: "GET",
    path: "/api/admin/users/[id]/retained-identity",
    params: ({ self }) => ({ id: String(self.id) }),
    expect: { ...SUPERADMIN_ONLY, superadmin: 404 },
    note: "an active member has nothing retained",
  },
  {
    method: "GET",
    path: "/api/admin/users/[id]/retained-identity/images/[documentId]",
    prepare: deactivatedWithImage,
    params: ({ self, data }) => ({ id: String(self.id), documentId: String(data.documentId) }),
    expect: KEPT_FOR_SUPERADMIN,
  },
];
