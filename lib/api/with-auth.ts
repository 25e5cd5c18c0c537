/**
 * The authorizing route wrappers. Every non-public handler under app/api is one of these; each names what it
 * needs and the wrapper decides before the handler runs:
 *
 *   withUser(fn)                                        any signed-in, active member
 *   withSelf(fn)                                        params.userId is the caller (their own account only)
 *   withSelfOrAdmin(fn, { permission, target? })        params.userId (or the owner of request params.id) is the
 *                                                       caller, or another member for a caller holding
 *                                                       `permission` (target rules applied)
 *   withAdmin(fn, { permission })                       a caller holding `permission`
 *   withAdmin(fn, { permission, target })               … acting on the member named by `target` (see TargetSpec)
 *
 * Target rules (self-action, ADMIN over SUPERADMIN, deactivated members) live in lib/auth/permissions.ts and are
 * applied once, in lib/auth/guards.ts; a new route cannot forget one.
 *
 * Memo (the console's 메모): an administrator's call through withAdmin, or through withSelfOrAdmin on another
 * member, may carry `x-audit-memo: <encodeURIComponent(memo)>` (≤ 500 characters, no control characters but
 * line feeds; else 400 INVALID_MEMO, read after authorization). The handler then runs inside
 * lib/audit-memo.ts `withAuditMemo`, so every audit row the change writes (lib/audit.ts) carries it in
 * audit_log.memo — no use case passes it along, and a new admin route gets it for free.
 *
 * Two-factor (SECURITY.md I40): with ADMIN_2FA=required an ADMIN or SUPERADMIN gets 403 TWO_FACTOR_SETUP_REQUIRED from
 * withAdmin and from withSelfOrAdmin on another member, before the handler runs, unless the account has two-factor on
 * AND this session passed it (a login with a code, or the enrolment made from it): two-factor is proven per
 * session, so enrolling from one device never lets another device's password-only session act.
 *
 * Temporary password: a member signed in with a reset's temporary password gets 403 PASSWORD_CHANGE_REQUIRED from
 * every wrapper (lib/auth/guards.ts requireUser) but `withSelf(fn, { duringPasswordChange: true })`, the change.
 *
 * Read your own writes (lib/read-your-writes.ts), with a read replica configured: an administrator's successful
 * non-GET call through withAdmin, or through withSelfOrAdmin on another member, answers with the cookie that sends
 * that administrator's reads to the primary for a few seconds; their GETs carrying it run with primary reads only.
 */
import type { NextRequest } from "next/server";
import { auditMemoOf, withAuditMemo } from "@/lib/audit-memo";
import {
  type MemberRef,
  type PasswordChangeRule,
  requirePermission,
  requireSelf,
  requireSelfOrTarget,
  requireTarget,
  requireUser,
  type TargetSpec,
} from "@/lib/auth/guards";
import { isAdminRole, type MemberPermission, type Permission } from "@/lib/auth/permissions";
import { isSecureRequest, type SessionUser } from "@/lib/auth/session";
import { adminTwoFactorRequired } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { markWrite, readYourWritesOn, withPrimaryReads, wroteRecently } from "@/lib/read-your-writes";
import { type Ctx, handler, json, type Result, type RouteContext } from "./handler";

export type UserCtx<P> = Ctx<P> & { user: SessionUser };
export type TargetCtx<P> = UserCtx<P> & { target: MemberRef };
export type SelfOrAdminCtx<P> = TargetCtx<P> & { self: boolean };

type Route<P> = (req: NextRequest, context: RouteContext<P>) => Promise<Response>;
type Fn<C> = (ctx: C) => Promise<Result>;

/**
 * ADMIN_2FA=required: an administrator acts on others only from a session that passed two-factor, on an account
 * that still has it on (403 TWO_FACTOR_SETUP_REQUIRED). Callers: the wrappers here, and lib/health.ts for the
 * administrator's deep health answer (an admin read outside /api/admin).
 */
export function requireAdminTwoFactor(user: SessionUser): void {
  if (isAdminRole(user.role) && adminTwoFactorRequired() && !(user.twoFactor && user.twoFactorSession))
    throw new AppError("TWO_FACTOR_SETUP_REQUIRED");
}

/** Any signed-in, active member. */
export function withUser<P = Record<string, never>>(fn: Fn<UserCtx<P>>): Route<P> {
  return handler<P>(async (ctx) => fn({ ...ctx, user: await requireUser(ctx.req, ctx.requestId) }));
}

/**
 * Only the member named by `params.userId`, acting on their own account. `duringPasswordChange`: the call answers
 * while the member must still replace a reset's temporary password (the password change itself).
 */
export function withSelf<P extends { userId: string }>(fn: Fn<UserCtx<P>>, rule: PasswordChangeRule = {}): Route<P> {
  return handler<P>(async (ctx) => fn({ ...ctx, user: await requireSelf(ctx.req, ctx.requestId, ctx.params, rule) }));
}

/**
 * The member named by `params.userId` (or, with `target: "request-owner"`, the owner of request `params.id`) acting
 * on their own account, or a caller holding `permission` acting on that member.
 */
export function withSelfOrAdmin<P = Record<string, never>>(
  fn: Fn<SelfOrAdminCtx<P>>,
  opts: { permission: MemberPermission; target?: "userId" | "request-owner" | "id-image-owner" },
): Route<P> {
  return handler<P>(async (ctx) => {
    const params = ctx.params as Record<string, unknown>;
    const { actor, target, self } = await requireSelfOrTarget(
      ctx.req,
      ctx.requestId,
      opts.permission,
      params,
      opts.target,
    );
    if (self) return fn({ ...ctx, user: actor, target, self });
    requireAdminTwoFactor(actor);
    return asAdmin(ctx.req, () => withAuditMemo(auditMemoOf(ctx.req), () => fn({ ...ctx, user: actor, target, self })));
  });
}

/** A caller holding `permission`; with `target`, acting on that member under the target rules. */
export function withAdmin<P = Record<string, never>>(
  fn: Fn<TargetCtx<P>>,
  opts: { permission: MemberPermission; target: TargetSpec },
): Route<P>;
export function withAdmin<P = Record<string, never>>(fn: Fn<UserCtx<P>>, opts: { permission: Permission }): Route<P>;
export function withAdmin<P = Record<string, never>>(
  fn: Fn<TargetCtx<P>>,
  opts: { permission: Permission; target?: TargetSpec },
): Route<P> {
  return handler<P>(async (ctx) => {
    const user = await requirePermission(ctx.req, ctx.requestId, opts.permission);
    requireAdminTwoFactor(user);
    if (!opts.target)
      return asAdmin(ctx.req, () => withAuditMemo(auditMemoOf(ctx.req), () => fn({ ...ctx, user } as TargetCtx<P>)));
    const denial = { req: ctx.req, requestId: ctx.requestId, actor: user };
    const target = await requireTarget(
      denial,
      opts.permission as MemberPermission,
      opts.target,
      ctx.params as Record<string, unknown>,
    );
    return asAdmin(ctx.req, () => withAuditMemo(auditMemoOf(ctx.req), () => fn({ ...ctx, user, target })));
  });
}

/**
 * An administrator's call, read-your-writes side (lib/read-your-writes.ts): a read carrying a recent write of
 * theirs reads the primary only; a change that succeeded (status < 400) marks its answer with the cookie.
 */
async function asAdmin(req: NextRequest, fn: () => Promise<Result>): Promise<Result> {
  if (!readYourWritesOn()) return fn();
  if (req.method === "GET" || req.method === "HEAD") return withPrimaryReads(wroteRecently(req), fn);
  const result = await fn();
  const res = result instanceof Response ? result : json(result ?? {});
  return res.status < 400 ? markWrite(res, isSecureRequest(req)) : res;
}
