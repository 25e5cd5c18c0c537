// POST /api/admin/maintenance/{id}/resume — ends pause {id}: the feature works again at once on every instance; the
//   pause's notice is withdrawn and a "resumed" notice published; audited (MAINTENANCE_RESUME).
//   200 { resumed: { id, feature, resumedAt, noticeId } }; unknown → 404; already resumed → 409 INVALID_STATE.
import { idempotent } from "@/lib/api/idempotency";
import { withAdmin } from "@/lib/api/with-auth";
import { AppError } from "@/lib/errors";
import { resumePause } from "@/lib/maintenance/pauses";

export const dynamic = "force-dynamic";

export const POST = withAdmin<{ id: string }>(
  async ({ req, params, user, ip, requestId }) => {
    if (!/^\d{1,9}$/.test(params.id)) throw new AppError("NOT_FOUND");
    const id = Number(params.id);
    return idempotent(req, user.id, `POST /api/admin/maintenance/${id}/resume`, {}, async (tx) => ({
      status: 200,
      body: { resumed: await resumePause(tx, id, { id: user.id, ip, requestId }) },
    }));
  },
  { permission: "maintenance.manage" },
);
