// GET /api/maintenance — public: the features paused for maintenance now, for the member screens' banners:
//   { pauses: [{ feature, reasonKo, reasonEn, until, overdue }] } (read from the database on every call, no-store).
import { handler } from "@/lib/api/handler";
import { maintenanceStatus } from "@/lib/maintenance/pauses";

export const dynamic = "force-dynamic";

export const GET = handler(async () => maintenanceStatus());
