/**
 * Member reads for the money and profile calls. Every function takes the owner's numeric id; DTOs only,
 * never a password hash. A member that does not exist answers null (lib/ decides what that means).
 */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { type IdStatus, type Role, users } from "@/db/schema";

export type ProfileDto = {
  id: number;
  userId: string;
  name: string;
  role: Role;
  /** True once an administrator approved the member's ID (derived from idStatus). */
  CertID: boolean;
  idStatus: IdStatus;
  createdAt: string;
  refCode: string;
  refId: string | null;
  walletAddr: string | null;
  phone: string | null;
};

/** The columns every member DTO is built from (never the password hash). */
export const profileColumns = {
  id: users.id,
  userId: users.userId,
  name: users.name,
  role: users.role,
  idStatus: users.idStatus,
  createdAt: users.createdAt,
  refCode: users.refCode,
  refId: users.refId,
  walletAddr: users.walletAddr,
  phone: users.phone,
};

type ProfileRow = Omit<ProfileDto, "CertID" | "createdAt"> & { createdAt: Date };

export const toProfileDto = (u: ProfileRow): ProfileDto => ({
  ...u,
  CertID: u.idStatus === "APPROVED",
  createdAt: u.createdAt.toISOString(),
});

export async function profileOf(db: DbOrTx, { id }: { id: number }): Promise<ProfileDto | null> {
  const [u] = await db.select(profileColumns).from(users).where(eq(users.id, id));
  return u ? toProfileDto(u) : null;
}

/** An active member's id and handle by referral code (case-insensitive), or null. */
export async function memberByRefCode(db: DbOrTx, { code }: { code: string }) {
  const [u] = await db
    .select({ id: users.id, userId: users.userId })
    .from(users)
    .where(and(sql`upper(${users.refCode}) = upper(${code})`, eq(users.status, "ACTIVE")));
  return u ?? null;
}
