// /admin/staking-records — 스테이킹 기록. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { StakingRecordsScreen } from "@/components/admin/staking/staking-screens";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("staking-reports.read");
  return (
    <Suspense>
      <StakingRecordsScreen />
    </Suspense>
  );
}
