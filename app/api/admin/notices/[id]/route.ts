// PATCH /api/admin/notices/{id} { category?, titleKo?, titleEn?, bodyKo?, bodyEn?, pinned?, publishedFrom?,
// publishedUntil? } — changes a notice (at least one field): 200 with it, audited notice.update (the changed fields
// before → after). until must stay after from (400 NOTICE_INVALID_WINDOW).
// DELETE /api/admin/notices/{id} — withdraws it: the window ends now and it leaves the members' list; the record is
// kept (never deleted). 200 with it, audited notice.retire. Unknown id → 404. Permission notices.manage.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { updateNotice, withdrawNotice } from "@/lib/notices/admin";
import { updateNoticeSchema } from "@/lib/validation/notices";

export const dynamic = "force-dynamic";

const idOf = (raw: string) => {
  if (!/^\d{1,9}$/.test(raw)) throw new AppError("NOT_FOUND");
  return Number(raw);
};

export const PATCH = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = idOf(params.id);
    const input = await readJson(req, updateNoticeSchema);
    const actor = { id: user.id, ip, requestId };
    return idempotent(req, user.id, `PATCH /api/admin/notices/${id}`, input, async (tx) => ({
      status: 200,
      body: await updateNotice(tx, id, input, actor),
    }));
  },
  { permission: "notices.manage" },
);

export const DELETE = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    const id = idOf(params.id);
    const actor = { id: user.id, ip, requestId };
    return idempotent(req, user.id, `DELETE /api/admin/notices/${id}`, {}, async (tx) => ({
      status: 200,
      body: await withdrawNotice(tx, id, actor),
    }));
  },
  { permission: "notices.manage" },
);
