/**
 * Home: the member's figures (profile, WLD holding and lock, the WLD price) are read on the server and
 * rendered into the HTML (components/providers/member-prefetch.tsx); the screen itself is a client
 * component that keeps them fresh.
 */
import { redirect } from "next/navigation";
import { MemberPrefetch, memberOfRequest } from "@/components/providers/member-prefetch";
import { loginPathHere } from "@/lib/auth/redirect-to-login";
import { HomeScreen } from "./home-screen";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await memberOfRequest();
  if (!user) redirect(await loginPathHere());
  return (
    <MemberPrefetch user={user} queries={["profile", "coins", "staked", "price", "unread"]}>
      <HomeScreen />
    </MemberPrefetch>
  );
}
