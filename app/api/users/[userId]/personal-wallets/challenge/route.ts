// POST /api/users/{userId}/personal-wallets/challenge { network, address } — the member themself asks for a
//   one-time message to sign with that wallet: 201 { nonce, message, expiresAt } (message `WLD Wallet 주소 확인:
//   <userId>, <nonce>, <ISO time>`, valid 10 minutes). 400 WALLET_FIELDS_REQUIRED / INVALID_WALLET { field };
//   429 after 10 challenges in 10 minutes.
import { json, readJson } from "@/lib/api/handler";
import { withSelf } from "@/lib/api/with-auth";
import { personalWalletChallengeSchema } from "@/lib/validation/personal-wallets";
import { issueChallenge } from "@/lib/wallet/personal-wallets";

export const dynamic = "force-dynamic";

export const POST = withSelf<{ userId: string }>(async ({ req, user }) => {
  const input = await readJson(req, personalWalletChallengeSchema);
  return json(await issueChallenge(user, input), 201);
});
