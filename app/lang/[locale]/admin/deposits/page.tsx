// /admin/deposits — 입출금 요청. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { RequestsScreen } from "@/components/admin/requests/requests-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("requests.list");
  return (
    <Suspense>
      <RequestsScreen />
    </Suspense>
  );
}
