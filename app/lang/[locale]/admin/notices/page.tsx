// /admin/notices — 공지사항: write, change and withdraw the notices members see. The page checks the session itself
// (middleware is not a boundary); every API call the screen makes authorizes itself again (notices.manage).
import { Suspense } from "react";
import { NoticesScreen } from "@/components/admin/notices/notices-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("notices.manage");
  return (
    <Suspense>
      <NoticesScreen />
    </Suspense>
  );
}
