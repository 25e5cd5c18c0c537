// /admin/staking-progress — 스테이킹 현황. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { StakingProgressScreen } from "@/components/admin/staking/staking-screens";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("staking-reports.read");
  return (
    <Suspense>
      <StakingProgressScreen />
    </Suspense>
  );
}
