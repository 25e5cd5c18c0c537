// /admin/deposits/bank — 은행 거래내역: upload the bank's statement, resolve the lines it could not match. The page
// checks the session itself (middleware is not a boundary); every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { BankScreen } from "@/components/admin/bank/bank-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("request.decide");
  return (
    <Suspense>
      <BankScreen />
    </Suspense>
  );
}
