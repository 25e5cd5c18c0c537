// POST /api/users/by-id/{userId}/walletAddr { walletAddr: "NETWORK|EXCHANGE|ADDRESS", currentPassword }
//   — the member sets their own payout address once (validated; a second set → 409 WALLET_ALREADY_SET);
//   200 { walletAddr }. currentPassword is the member's own password (SECURITY B16). Administrators may only
//   reset an address, never set one: nobody can point another member's payouts at an address they chose.
// DELETE — administrators only: resets the address so the member can set a new one; 200 { walletAddr: null }.
import { readJson } from "@/lib/api/handler";
import { withAdmin, withSelf } from "@/lib/api/with-auth";
import { walletAddrSchema } from "@/lib/validation/wallet";
import { resetWalletAddr, setWalletAddr } from "@/lib/wallet/profile";

export const dynamic = "force-dynamic";

export const POST = withSelf<{ userId: string }>(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, walletAddrSchema);
  return setWalletAddr({ actorId: user.id, targetId: user.id, ...input, ip, requestId });
});

export const DELETE = withAdmin<{ userId: string }>(
  async ({ user, target, ip, requestId }) => resetWalletAddr({ actorId: user.id, targetId: target.id, ip, requestId }),
  { permission: "member.wallet-reset", target: "userId" },
);
