// GET /api/admin/notices?page&limit&state=live|scheduled|ended — every notice, newest written first:
// { items: [{ id, category, titleKo, titleEn, bodyKo, bodyEn, pinned, publishedFrom, publishedUntil, createdBy,
// createdAt, updatedAt, state }], total, page, limit }.
// POST /api/admin/notices { category, titleKo, titleEn?, bodyKo, bodyEn?, pinned?, publishedFrom?, publishedUntil? }
// — writes a notice (201 with it), audited notice.create. Bad input → 400 NOTICE_INVALID_TITLE | _BODY | _CATEGORY |
// _WINDOW (until must be after from) or INVALID_CHARACTERS. Accepts Idempotency-Key. Permission notices.manage.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { adminNoticePage, createNotice } from "@/lib/notices/admin";
import { adminNoticePageSchema, createNoticeSchema } from "@/lib/validation/notices";
import { readQuery } from "@/lib/validation/wallet";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => adminNoticePage(readQuery(req, adminNoticePageSchema)), {
  permission: "notices.manage",
});

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, createNoticeSchema);
    const actor = { id: user.id, ip, requestId };
    return idempotent(req, user.id, "POST /api/admin/notices", input, async (tx) => ({
      status: 201,
      body: await createNotice(tx, input, actor),
    }));
  },
  { permission: "notices.manage" },
);
