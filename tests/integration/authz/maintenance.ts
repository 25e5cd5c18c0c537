/**
 * Maintenance per feature (lib/maintenance): anyone reads the open pauses (the banners, also before login); pausing,
 * resuming and the console's list need maintenance.manage (administrators, lib/auth/permissions.ts).
 */
import { getDb } from "@/db/client";
import { featurePauses } from "@/db/schema";
import { ADMIN_ONLY, type AuthzCtx, type AuthzRow, PUBLIC } from "./types";

/** A resumed pause: resuming it again is 409 after the guard, and changes nothing. */
const resumedPause = async (ctx: AuthzCtx) => {
  const db = await getDb();
  const [row] = await db
    .insert(featurePauses)
    .values({
      feature: "withdraw:ERC20",
      reasonKo: "권한 확인",
      reasonEn: "Authz",
      until: new Date(Date.now() + 3_600_000),
      pausedBy: ctx.admin.id,
      resumedBy: ctx.admin.id,
      resumedAt: new Date(),
    })
    .returning({ id: featurePauses.id });
  ctx.data.id = row!.id;
};

export const rows: AuthzRow[] = [
  { method: "GET", path: "/api/maintenance", expect: PUBLIC },
  { method: "GET", path: "/api/admin/maintenance", expect: ADMIN_ONLY },
  {
    method: "POST",
    path: "/api/admin/maintenance",
    body: { feature: "swap", reasonKo: "" },
    note: "an empty reason fails validation after the guard",
    expect: ADMIN_ONLY,
  },
  {
    method: "POST",
    path: "/api/admin/maintenance/[id]/resume",
    prepare: resumedPause,
    params: (ctx) => ({ id: String(ctx.data.id) }),
    note: "already resumed: 409 after the guard",
    expect: ADMIN_ONLY,
  },
];
