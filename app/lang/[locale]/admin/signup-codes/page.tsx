// /admin/signup-codes — 추천인 코드. The page checks the session itself; the screen offers each
// control from the permission table (a hint: the API decides on the server).
import { Suspense } from "react";
import { SignupCodesScreen } from "@/components/admin/signup-codes/signup-codes-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("signup-codes.manage");
  return (
    <Suspense>
      <SignupCodesScreen />
    </Suspense>
  );
}
