/** Input schemas for the login-devices calls (app/api/sessions). */
import { z } from "zod";
import { AppError } from "@/lib/errors";

/** A device handle: 22 base64url characters (132 bits of the SHA-256 of the session id, lib/auth/devices.ts). */
export const SESSION_HANDLE_LENGTH = 22;

export const sessionHandleSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${SESSION_HANDLE_LENGTH}}$`));

/** The handle named by a path, or 400 VALIDATION (field "handle"): too long, too short, foreign characters. */
export function sessionHandleOrThrow(raw: string): string {
  const parsed = sessionHandleSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", { field: "handle" });
  return parsed.data;
}
