/**
 * The authoritative checks. Every route handler calls one of these (through lib/api wrappers);
 * middleware.ts only redirects pages early and is not a boundary.
 */
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { type Role, users } from "@/db/schema";
import { clientIp } from "@/lib/api/ip";
import { audit } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { type SessionUser, sessionUser } from "./session";

export const ADMIN_ROLES: readonly Role[] = ["ADMIN", "SUPERADMIN"];
export const isAdmin = (u: { role: Role }) => ADMIN_ROLES.includes(u.role);

/** A 403 that also leaves one AUTHZ_DENIED audit row (who, what, from where); the audit never masks the 403. */
async function denied(req: Request, actor: SessionUser, reason: string, targetUserId?: number): Promise<AppError> {
  try {
    const db = await getDb();
    await audit(db, {
      action: "AUTHZ_DENIED",
      actorId: actor.id,
      targetUserId: targetUserId ?? null,
      ip: clientIp(req),
      requestId: req.headers.get("x-request-id")?.slice(0, 64) ?? null,
      after: { reason, method: req.method, path: new URL(req.url).pathname.slice(0, 200) },
    });
  } catch {}
  return new AppError("FORBIDDEN");
}

/** Any signed-in, active member. A sent x-user-id that is not theirs is refused (never trusted). */
export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await sessionUser(req);
  if (!user) throw new AppError("UNAUTHENTICATED");
  const claimed = req.headers.get("x-user-id");
  if (claimed !== null && claimed !== user.userId) throw await denied(req, user, "x-user-id");
  return user;
}

/** ADMIN or SUPERADMIN, re-read from the database on this request. */
export async function requireAdmin(req: Request): Promise<SessionUser> {
  const user = await requireUser(req);
  if (!isAdmin(user)) throw await denied(req, user, "admin-only");
  return user;
}

/** SUPERADMIN only. */
export async function requireSuperAdmin(req: Request): Promise<SessionUser> {
  const user = await requireUser(req);
  if (user.role !== "SUPERADMIN") throw await denied(req, user, "superadmin-only");
  return user;
}

export type Target = { id: number; userId: string; role: Role };

/**
 * The member themself or an admin, acting on the member named by their login handle.
 * A member asking about anyone else gets 403 whether or not that member exists.
 */
export async function requireSelfOrAdmin(
  req: Request,
  handle: string,
): Promise<{ actor: SessionUser; target: Target }> {
  const actor = await requireUser(req);
  const self = actor.userId.toLowerCase() === handle.toLowerCase();
  if (!self && !isAdmin(actor)) throw await denied(req, actor, "not-self");
  if (self) return { actor, target: { id: actor.id, userId: actor.userId, role: actor.role } };
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, userId: users.userId, role: users.role })
    .from(users)
    .where(sql`lower(${users.userId}) = lower(${handle}) AND ${users.status} = 'ACTIVE'`);
  if (!row) throw new AppError("NOT_FOUND");
  // Admins cannot act on SUPERADMIN accounts.
  if (row.role === "SUPERADMIN" && actor.role !== "SUPERADMIN")
    throw await denied(req, actor, "superadmin-target", row.id);
  return { actor, target: row };
}

/**
 * ADMIN or SUPERADMIN acting on the member `id` (the numeric users.id of /api/admin/users/{id}).
 * ADMINs cannot act on SUPERADMIN accounts (403); a malformed, unknown or deactivated id is 404.
 */
export async function requireAdminOver(
  req: Request,
  id: string | number,
): Promise<{ actor: SessionUser; target: Target }> {
  const actor = await requireAdmin(req);
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647 || String(n) !== String(id).trim())
    throw new AppError("NOT_FOUND");
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, userId: users.userId, role: users.role })
    .from(users)
    .where(sql`${users.id} = ${n} AND ${users.status} = 'ACTIVE'`);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.role === "SUPERADMIN" && actor.role !== "SUPERADMIN")
    throw await denied(req, actor, "superadmin-target", row.id);
  return { actor, target: row };
}
