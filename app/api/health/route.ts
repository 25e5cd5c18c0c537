// GET /api/health — { ok: true, db: "pglite" | "postgres" } when the database answers; 503 with Retry-After when not.
import { handler } from "@/lib/api/handler";
import { healthCheck } from "@/lib/health";

export const dynamic = "force-dynamic";

export const GET = handler(healthCheck);
