// /admin/deposits — 입출금 요청 (issue 11 item 4). The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { DepositsScreen } from "@/components/admin-ops/deposits-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("requests.list");
  return (
    <Suspense>
      <DepositsScreen />
    </Suspense>
  );
}
