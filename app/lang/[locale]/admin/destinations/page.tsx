// /admin/destinations — 출금 거래소: the exchanges members may send to. The page checks the session itself (middleware
// is not a boundary); every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { DestinationsScreen } from "@/components/admin/destinations/destinations-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("destinations.read");
  return (
    <Suspense>
      <DestinationsScreen />
    </Suspense>
  );
}
