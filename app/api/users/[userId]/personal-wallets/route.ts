// GET /api/users/{userId}/personal-wallets — the member themself: { items: [{ address, verifiedAt }] }, the personal
//   wallet addresses they proved with a signature (lower-case, oldest first; lib/wallet/personal-wallets.ts).
import { withSelf } from "@/lib/api/with-auth";
import { listPersonalWallets } from "@/lib/wallet/personal-wallets";

export const dynamic = "force-dynamic";

export const GET = withSelf<{ userId: string }>(async ({ user }) => listPersonalWallets(user.id));
