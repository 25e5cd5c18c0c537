/**
 * The member's login devices (Settings → 로그인 기기): their own live sessions, ending one, ending all
 * others. A session is never named by its id outside the server (the id is what the cookie's token
 * carries); the list hands out a handle, a SHA-256 prefix of the id, and every lookup by handle is
 * within the caller's own live sessions, so no member can name, let alone end, another member's session.
 */
import crypto from "node:crypto";
import { getDb } from "@/db/client";
import { liveSessions } from "@/db/queries/sessions";
import { audit, type RequestMeta } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { SESSION_HANDLE_LENGTH } from "@/lib/validation/sessions";
import { deviceName } from "./device-name";
import { idleSecondsOf, revokeMemberSessions, revokeOwnSession, type SessionUser } from "./session";

/** A session's public name: the first 22 base64url characters (132 bits) of the SHA-256 of its id. */
export const sessionHandle = (sessionId: string) =>
  crypto.createHash("sha256").update(sessionId).digest("base64url").slice(0, SESSION_HANDLE_LENGTH);

export type DeviceDto = {
  handle: string;
  /** "Chrome · Android"; null when the user agent is missing or unrecognised. */
  device: string | null;
  browser: string | null;
  os: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request runs under. */
  current: boolean;
};

/** GET /api/sessions: the caller's live sessions, the current one first. */
export async function listDevices(user: SessionUser): Promise<DeviceDto[]> {
  const rows = await liveSessions(await getDb(), { userId: user.id, idleSec: idleSecondsOf(user.role) });
  const items = rows.map((r): DeviceDto => {
    const name = deviceName(r.userAgent);
    return {
      handle: sessionHandle(r.id),
      device: name.label,
      browser: name.browser,
      os: name.os,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.id === user.sessionId,
    };
  });
  return [...items.filter((d) => d.current), ...items.filter((d) => !d.current)];
}

/**
 * DELETE /api/sessions/{handle}: ends one of the caller's live sessions. A handle that names none of them
 * (another member's, an ended one, made up) is 404 and ends nothing. Ending the current one is a logout:
 * the route clears the cookie when `current` is true.
 */
export async function endDevice(user: SessionUser, handle: string, meta: RequestMeta): Promise<{ current: boolean }> {
  const db = await getDb();
  const rows = await liveSessions(db, { userId: user.id, idleSec: idleSecondsOf(user.role) });
  const row = rows.find((r) => sessionHandle(r.id) === handle);
  if (!row) throw new AppError("NOT_FOUND");
  const current = row.id === user.sessionId;
  return db.transaction(async (tx) => {
    if (!(await revokeOwnSession(tx, user.id, row.id))) throw new AppError("NOT_FOUND");
    await audit(tx, {
      action: current ? "LOGOUT" : "session.end",
      actorId: user.id,
      targetUserId: user.id,
      targetId: handle,
      ...meta,
    });
    return { current };
  });
}

/** POST /api/sessions/end-others: ends every session of the caller but this one. */
export async function endOtherDevices(user: SessionUser, meta: RequestMeta): Promise<{ ended: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ended = await revokeMemberSessions(tx, user.id, user.sessionId);
    await audit(tx, {
      action: "session.end_others",
      actorId: user.id,
      targetUserId: user.id,
      ...meta,
      after: { ended },
    });
    return { ended };
  });
}
