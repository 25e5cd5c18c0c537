// GET /api/health — 200 { ok: true, db: "pglite" | "postgres", dbLatencyMs, price: { newestAgeSeconds } } when the
// database answers; 503 { ok: false, db: "down", error, code } with Retry-After when it does not (lib/health.ts).
// GET /api/health?deep=1 — for an administrator also { ledger: reconciliation } (lib/admin/reconciliation.ts) and
// 503 with ok: false when any ledger invariant or coin total disagrees, behind the /api/admin guards (403
// TWO_FACTOR_SETUP_REQUIRED under ADMIN_2FA=required without two-factor); for anyone else the plain answer.
import { handler } from "@/lib/api/handler";
import { healthAnswer } from "@/lib/health";

export const dynamic = "force-dynamic";

export const GET = handler(async ({ req, locale, requestId }) =>
  healthAnswer(req, new URL(req.url).searchParams.get("deep") === "1", { locale, requestId }),
);
