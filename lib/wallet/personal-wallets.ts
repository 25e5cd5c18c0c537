/**
 * Personal wallets that are provably the member's: only an address whose owner signed a one-time message receives
 * (a Korean exchange's rule for withdrawals to unhosted wallets). The member asks for a challenge for an address,
 * signs its message with that wallet (EIP-191 personal_sign) and sends the signature back; viem's verifyMessage
 * recovers the signer. The nonce binds the member, the address and a 10-minute expiry on the application clock
 * (lib/clock.ts), and is spent exactly once. A proven address is kept lower-case in personal_wallets, one row per
 * member and address; the wallet address text then names it `NETWORK|PERSONAL|0x…` (./address.ts).
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { type Hex, verifyMessage } from "viem";
import { getDb } from "@/db/client";
import { addressChallenges, personalWallets } from "@/db/schema";
import { audit, type RequestMeta } from "@/lib/audit";
import { now } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { enforce, type Limit } from "@/lib/rate-limit";

/** How long a message may wait for its signature. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** Challenges per member: enough for a few tries, not a nonce mill. Counted before anything is stored. */
export const CHALLENGE_LIMIT: Limit = { name: "personal-wallet-challenge:user", max: 10, windowSec: 10 * 60 };

export type PersonalWalletChallenge = { nonce: string; message: string; expiresAt: string };
export type PersonalWallet = { address: string; verifiedAt: string };

type Member = { id: number; userId: string };

/** The text the member signs: who, which one-time nonce, when it was issued. */
export const challengeMessage = (userId: string, nonce: string, issuedAt: Date) =>
  `WLD Wallet 주소 확인: ${userId}, ${nonce}, ${issuedAt.toISOString()}`;

/** Issues a one-time message to sign with the wallet at `address` (lower-cased; the network is the caller's). */
export async function issueChallenge(
  member: Member,
  input: { network: string; address: string },
): Promise<PersonalWalletChallenge> {
  const db = await getDb();
  await enforce(CHALLENGE_LIMIT, String(member.id), db);
  const nonce = randomBytes(16).toString("hex");
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS);
  const message = challengeMessage(member.userId, nonce, issuedAt);
  await db.insert(addressChallenges).values({
    nonce,
    userId: member.id,
    network: input.network,
    address: input.address.toLowerCase(),
    message,
    issuedAt,
    expiresAt,
  });
  return { nonce, message, expiresAt: expiresAt.toISOString() };
}

/** True when `signature` is the EIP-191 signature of `message` by `address`; anything malformed is false. */
async function signedBy(address: string, message: string, signature: string): Promise<boolean> {
  try {
    return await verifyMessage({ address: address as Hex, message, signature: signature as Hex });
  } catch {
    return false;
  }
}

/**
 * Verifies the signature of the member's challenge `nonce` and records the address as theirs. Refusals, in this
 * order: not this member's nonce (or none) → 400 INVALID_SIGNATURE (nothing about another member's nonce is
 * revealed); issued 10 minutes ago or more → 400 CHALLENGE_EXPIRED; already spent → 409 CHALLENGE_USED; not the
 * address's signature → 400 INVALID_SIGNATURE. The nonce is spent in the same transaction as the record, so a
 * refused signature leaves it for another try and two parallel verifications record once.
 */
export async function verifyChallenge(
  member: Member,
  input: { nonce: string; signature: string },
  meta: RequestMeta,
): Promise<PersonalWallet> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(addressChallenges)
      .where(and(eq(addressChallenges.nonce, input.nonce), eq(addressChallenges.userId, member.id)));
    if (!challenge) throw new AppError("INVALID_SIGNATURE");
    const at = now();
    if (at.getTime() >= challenge.expiresAt.getTime()) throw new AppError("CHALLENGE_EXPIRED");
    const [spent] = await tx
      .update(addressChallenges)
      .set({ usedAt: at })
      .where(and(eq(addressChallenges.nonce, challenge.nonce), isNull(addressChallenges.usedAt)))
      .returning({ nonce: addressChallenges.nonce });
    if (!spent) throw new AppError("CHALLENGE_USED");
    if (!(await signedBy(challenge.address, challenge.message, input.signature)))
      throw new AppError("INVALID_SIGNATURE");
    // One row per member and address: a second proof of the same address keeps the first.
    await tx
      .insert(personalWallets)
      .values({
        userId: member.id,
        address: challenge.address,
        nonce: challenge.nonce,
        signature: input.signature,
        verifiedAt: at,
      })
      .onConflictDoNothing({ target: [personalWallets.userId, personalWallets.address] });
    const [wallet] = await tx
      .select({ verifiedAt: personalWallets.verifiedAt })
      .from(personalWallets)
      .where(and(eq(personalWallets.userId, member.id), eq(personalWallets.address, challenge.address)));
    await audit(tx, {
      action: "wallet.personal_verify",
      actorId: member.id,
      targetUserId: member.id,
      targetId: challenge.address,
      ip: meta.ip,
      requestId: meta.requestId,
      after: { network: challenge.network, address: challenge.address, nonce: challenge.nonce },
    });
    return { address: challenge.address, verifiedAt: (wallet?.verifiedAt ?? at).toISOString() };
  });
}

/** The member's proven personal wallet addresses, oldest first. */
export async function listPersonalWallets(memberId: number): Promise<{ items: PersonalWallet[] }> {
  const db = await getDb();
  const rows = await db
    .select({ address: personalWallets.address, verifiedAt: personalWallets.verifiedAt })
    .from(personalWallets)
    .where(eq(personalWallets.userId, memberId))
    .orderBy(asc(personalWallets.verifiedAt), asc(personalWallets.id));
  return { items: rows.map((r) => ({ address: r.address, verifiedAt: r.verifiedAt.toISOString() })) };
}
