/** Test members: real rows, real argon2 hashes, real session cookies. */
import { getDb } from "@/db/client";
import { type IdStatus, type Role, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password-hash";
import { issueSessionCookie } from "@/lib/auth/session";

let seq = 0;
let cachedHash: Promise<string> | undefined;
export const DEFAULT_PASSWORD = "Correct-Horse-9";

export type TestUser = { id: number; userId: string; role: Role; cookie: string; password: string };

export async function createUser(
  opts: {
    role?: Role;
    idStatus?: IdStatus;
    walletAddr?: string | null;
    password?: string;
    userId?: string;
    refCode?: string;
  } = {},
): Promise<TestUser> {
  const db = await getDb();
  seq += 1;
  const tag = `${process.pid.toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  const password = opts.password ?? DEFAULT_PASSWORD;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = opts.password ? await hashPassword(password) : await cachedHash;
  const [row] = await db
    .insert(users)
    .values({
      userId: opts.userId ?? `u${tag}`,
      name: `Member ${seq}`,
      passwordHash,
      role: opts.role ?? "USER",
      idStatus: opts.idStatus ?? "NONE",
      walletAddr: opts.walletAddr ?? null,
      refCode: opts.refCode ?? `R${tag}`.toUpperCase().slice(0, 12),
    })
    .returning();
  const user = row!;
  return { id: user.id, userId: user.userId, role: user.role, password, cookie: await cookieFor(user) };
}

export async function cookieFor(user: {
  id: number;
  userId: string;
  sessionVersion: number;
  role: Role;
}): Promise<string> {
  const c = await issueSessionCookie(user, false);
  return `${c.name}=${c.value}`;
}
