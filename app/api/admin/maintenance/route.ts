// GET /api/admin/maintenance — the console's screen: { features: [{ feature, pause | null }], history: [pause…] }
//   (a pause: { id, feature, reasonKo, reasonEn, until, overdue, pausedAt, pausedBy, resumedAt, resumedBy, noticeId }).
// POST /api/admin/maintenance { feature, reasonKo, reasonEn, until } — pauses one feature until it is resumed; `until`
//   (ISO with offset) is the end announced to members, later than now and within 30 days (else 400 INVALID_UNTIL).
//   201 { pause }; a pinned maintenance notice is published and the pause audited (MAINTENANCE_PAUSE). A feature
//   already paused → 409 ALREADY_PAUSED. Accepts Idempotency-Key.
import { readJson } from "@/lib/api/handler";
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { adminMaintenance, pauseFeature } from "@/lib/maintenance/pauses";
import { pauseSchema } from "@/lib/validation/maintenance";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => adminMaintenance(), { permission: "maintenance.manage" });

export const POST = withAdmin(
  async ({ req, user, ip, requestId }) => {
    const input = await readJson(req, pauseSchema);
    return idempotent(req, user.id, "POST /api/admin/maintenance", input, async (tx) => ({
      status: 201,
      body: { pause: await pauseFeature(tx, input, { id: user.id, ip, requestId }) },
    }));
  },
  { permission: "maintenance.manage" },
);
