// POST /api/users/{userId}/personal-wallets/verify { nonce, signature } — the member themself sends the EIP-191
//   signature of their challenge's message: 200 { address, verifiedAt } and the address is theirs to receive at.
//   400 INVALID_SIGNATURE (another address's signature, a malformed one, a nonce that is not theirs),
//   400 CHALLENGE_EXPIRED (10 minutes), 409 CHALLENGE_USED (replayed).
import { readJson } from "@/lib/api/handler";
import { withSelf } from "@/lib/api/with-auth";
import { personalWalletVerifySchema } from "@/lib/validation/personal-wallets";
import { verifyChallenge } from "@/lib/wallet/personal-wallets";

export const dynamic = "force-dynamic";

export const POST = withSelf<{ userId: string }>(async ({ req, user, ip, requestId }) => {
  const input = await readJson(req, personalWalletVerifySchema);
  return verifyChallenge(user, input, { ip, requestId });
});
