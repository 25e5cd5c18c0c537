/**
 * Wallet: the member's holdings, stakes, prices and the lock release moment are read on the server and
 * rendered into the HTML (components/providers/member-prefetch.tsx), so the total paints before any
 * script runs; the screen itself is a client component that keeps them fresh.
 */
import { redirect } from "next/navigation";
import { MemberPrefetch, memberOfRequest } from "@/components/providers/member-prefetch";
import { loginPathHere } from "@/lib/auth/redirect-to-login";
import { WalletScreen } from "./wallet-screen";

export const dynamic = "force-dynamic";

export default async function WalletPage() {
  const user = await memberOfRequest();
  if (!user) redirect(await loginPathHere());
  return (
    <MemberPrefetch user={user} queries={["profile", "coins", "staked", "price", "prices", "config"]}>
      <WalletScreen />
    </MemberPrefetch>
  );
}
