/**
 * The authoritative checks, used through the lib/api wrappers (`withUser`, `withAdmin`, `withSelfOrAdmin`,
 * `withSelf`) — route handlers never call them directly. middleware.ts only redirects pages early and is not
 * a boundary. Who may do what is lib/auth/permissions.ts; this file applies it to a request: the session, the
 * permission, and the member the action targets, looked up once.
 */
import { getDb } from "@/db/client";
import {
  idImageOwnerId,
  type MemberRef,
  memberRefByHandle,
  memberRefById,
  requestOwnerId,
  transactionOwnerId,
} from "@/db/queries/authz";
import { clientIp } from "@/lib/http/ip";
import { audit } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { can, type MemberPermission, type Permission, targetRefusal } from "./permissions";
import { type SessionUser, sessionUser } from "./session";

export type { MemberRef };

type Denial = { req: Request; requestId: string; actor: SessionUser };

/** A 403 that also leaves one AUTHZ_DENIED audit row (who, what, from where); the audit never masks the 403. */
async function denied(d: Denial, reason: string, targetUserId?: number): Promise<AppError> {
  try {
    await audit(await getDb(), {
      action: "AUTHZ_DENIED",
      actorId: d.actor.id,
      targetUserId: targetUserId ?? null,
      ip: clientIp(d.req),
      requestId: d.requestId,
      after: { reason, method: d.req.method, path: new URL(d.req.url).pathname.slice(0, 200) },
    });
  } catch {}
  return new AppError(reason === "self-action" ? "SELF_ACTION" : "FORBIDDEN");
}

/** Whether a call answers while the member still has to replace a reset's temporary password. */
export type PasswordChangeRule = { duringPasswordChange?: boolean };

/**
 * Any signed-in, active member. A sent x-user-id that is not theirs is refused (never trusted). A member signed in
 * with a reset's temporary password gets 403 PASSWORD_CHANGE_REQUIRED until they set their own — except on the
 * call that does it (`duringPasswordChange`; logout and the session read do not come through here).
 * Callers: the lib/api wrappers.
 */
export async function requireUser(
  req: Request,
  requestId: string,
  rule: PasswordChangeRule = {},
): Promise<SessionUser> {
  const user = await sessionUser(req);
  if (!user) throw new AppError("UNAUTHENTICATED");
  const claimed = req.headers.get("x-user-id");
  if (claimed !== null && claimed !== user.userId) throw await denied({ req, requestId, actor: user }, "x-user-id");
  if (user.passwordChangeRequired && !rule.duringPasswordChange) throw new AppError("PASSWORD_CHANGE_REQUIRED");
  return user;
}

/** The signed-in member, who must hold `permission` (re-read from the database on this request). */
export async function requirePermission(req: Request, requestId: string, permission: Permission): Promise<SessionUser> {
  const user = await requireUser(req, requestId);
  if (!can(user.role, permission)) throw await denied({ req, requestId, actor: user }, `permission:${permission}`);
  return user;
}

/** How a route names the member it acts on. */
export type TargetSpec =
  /** `params.id` is the member's numeric users.id (/api/admin/users/{id}/…). */
  | "id"
  /** `params.userId` is the member's login handle (/api/users/{userId}/…). */
  | "userId"
  /** `params.id` is a request; the target is the member who made it. */
  | "request-owner"
  /** `params.id` is a history row; the target is the member it belongs to. */
  | "transaction-owner"
  /** `params.key` is a stored ID image; the target is the member it shows. */
  | "id-image-owner";

/** A positive 32-bit id as its exact decimal text, or null (a malformed id is a 404, never a 500). */
export function idParam(raw: unknown, max = 2_147_483_647): number | null {
  const text = String(raw ?? "");
  if (!/^[1-9][0-9]{0,18}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n <= max ? n : null;
}

const BIGINT_MAX = Number.MAX_SAFE_INTEGER;

async function lookUpTarget(spec: TargetSpec, params: Record<string, unknown>): Promise<MemberRef | null> {
  const db = await getDb();
  switch (spec) {
    case "id": {
      const id = idParam(params.id);
      return id === null ? null : memberRefById(db, { id });
    }
    case "userId": {
      const handle = String(params.userId ?? "");
      return handle ? memberRefByHandle(db, { handle }) : null;
    }
    case "request-owner":
    case "transaction-owner": {
      const id = idParam(params.id, BIGINT_MAX);
      if (id === null) return null;
      const owner = spec === "request-owner" ? await requestOwnerId(db, { id }) : await transactionOwnerId(db, { id });
      return owner === null ? null : memberRefById(db, { id: owner });
    }
    case "id-image-owner": {
      const owner = await idImageOwnerId(db, { storageKey: String(params.key ?? "").slice(0, 100) });
      return owner === null ? null : memberRefById(db, { id: owner });
    }
  }
}

/**
 * The member an administrator's action targets, with every target rule applied in this one place: unknown → 404,
 * an ADMIN on a SUPERADMIN → 403, a change to the actor's own account → 403 SELF_ACTION, a change to a
 * deactivated member → 404. Callers: the lib/api wrappers.
 */
export async function requireTarget(
  d: Denial,
  permission: MemberPermission,
  spec: TargetSpec,
  params: Record<string, unknown>,
): Promise<MemberRef> {
  const target = await lookUpTarget(spec, params);
  if (!target) throw new AppError("NOT_FOUND");
  const refusal = targetRefusal(d.actor, target, permission);
  if (refusal) throw refusal === "deactivated" ? new AppError("NOT_FOUND") : await denied(d, refusal, target.id);
  return target;
}

/**
 * The caller acting on their own account, or a caller holding `permission` acting on another member under the
 * target rules. `spec` names the member: "userId" (a login handle: anyone else gets 403 whether or not that
 * member exists), or "request-owner" / "id-image-owner" (a request id, an image key: one that is not yours and
 * not yours to see is a 404, so an id reveals nothing).
 */
export async function requireSelfOrTarget(
  req: Request,
  requestId: string,
  permission: MemberPermission,
  params: Record<string, unknown>,
  spec: "userId" | "request-owner" | "id-image-owner" = "userId",
): Promise<{ actor: SessionUser; target: MemberRef; self: boolean }> {
  const actor = await requireUser(req, requestId);
  const d = { req, requestId, actor };
  const asSelf = {
    actor,
    self: true,
    target: { id: actor.id, userId: actor.userId, role: actor.role, status: "ACTIVE" as const },
  };
  if (spec === "userId") {
    if (actor.userId.toLowerCase() === String(params.userId ?? "").toLowerCase()) return asSelf;
    if (!can(actor.role, permission)) throw await denied(d, `not-self:${permission}`);
    return { actor, self: false, target: await requireTarget(d, permission, spec, params) };
  }
  const owner = await lookUpTarget(spec, params);
  if (!owner || (owner.id !== actor.id && !can(actor.role, permission))) throw new AppError("NOT_FOUND");
  if (owner.id === actor.id) return asSelf;
  const refusal = targetRefusal(actor, owner, permission);
  if (refusal) throw refusal === "deactivated" ? new AppError("NOT_FOUND") : await denied(d, refusal, owner.id);
  return { actor, self: false, target: owner };
}

/**
 * A decision on a change another administrator proposed (four-eyes, lib/admin/proposals.ts): the decider must
 * hold the change's own `permission` and pass its target rules on the member concerned, as if making the change
 * directly (nobody borrows the proposer's rights). Rejecting a deactivated member's proposal stays possible.
 */
export async function requireDecisionRights(
  d: Denial,
  permission: Permission,
  targetUserId: number | null,
  approving: boolean,
): Promise<void> {
  if (!can(d.actor.role, permission)) throw await denied(d, `permission:${permission}`);
  if (targetUserId === null) return;
  const target = await memberRefById(await getDb(), { id: targetUserId });
  if (!target) throw new AppError("NOT_FOUND");
  const rule = permission as MemberPermission;
  const refusal = targetRefusal(d.actor, approving ? target : { ...target, status: "ACTIVE" }, rule);
  if (refusal) throw refusal === "deactivated" ? new AppError("NOT_FOUND") : await denied(d, refusal, target.id);
}

/** `params.userId` must name the caller: actions only a member may take on their own account. */
export async function requireSelf(
  req: Request,
  requestId: string,
  params: Record<string, unknown>,
  rule: PasswordChangeRule = {},
): Promise<SessionUser> {
  const actor = await requireUser(req, requestId, rule);
  if (actor.userId.toLowerCase() !== String(params.userId ?? "").toLowerCase())
    throw await denied({ req, requestId, actor }, "not-self");
  return actor;
}

/**
 * A member id or handle sent in a body or query (as the spec's clients do) must be the caller's own:
 * it never selects another member (403, like a mismatching x-user-id).
 */
export async function requireSameMember(
  req: Request,
  requestId: string,
  actor: SessionUser,
  claimed: string | null | undefined,
): Promise<void> {
  if (claimed == null || claimed === "") return;
  if (claimed.toLowerCase() !== actor.userId.toLowerCase())
    throw await denied({ req, requestId, actor }, "body-user-id");
}
