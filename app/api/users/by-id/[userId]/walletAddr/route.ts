// POST /api/users/by-id/{userId}/walletAddr { walletAddr: "NETWORK|EXCHANGE|ADDRESS", currentPassword }
//   — sets the address once (validated; a second set → 409 WALLET_ALREADY_SET); 200 { walletAddr }.
//   currentPassword is the caller's own password (SECURITY B16).
// DELETE — administrators only: resets the address so the member can set a new one; 200 { walletAddr: null }.
import { getDb } from "@/db/client";
import { idByHandleOrThrow } from "@/db/queries/users";
import { handler, readJson } from "@/lib/api/handler";
import { requireAdmin, requireSelfOrAdmin } from "@/lib/auth/guards";
import { walletAddrSchema } from "@/lib/validation/wallet";
import { resetWalletAddr, setWalletAddr } from "@/lib/wallet/profile";

export const dynamic = "force-dynamic";

export const POST = handler<{ userId: string }>(async ({ req, params, ip, requestId }) => {
  const { actor, target } = await requireSelfOrAdmin(req, params.userId);
  const input = await readJson(req, walletAddrSchema);
  return setWalletAddr(await getDb(), { actorId: actor.id, targetId: target.id, ...input, ip, requestId });
});

export const DELETE = handler<{ userId: string }>(async ({ req, params, ip, requestId }) => {
  const admin = await requireAdmin(req);
  const db = await getDb();
  const targetId = await idByHandleOrThrow(db, params.userId);
  return resetWalletAddr(db, { actorId: admin.id, targetId, ip, requestId });
});
