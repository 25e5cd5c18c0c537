// /admin/staking-products — 스테이킹 상품. The page checks the session itself (middleware is not a boundary);
// every API call the screen makes authorizes itself again.
import { Suspense } from "react";
import { StakingProductsScreen } from "@/components/admin/staking/products-screen";
import { currentUserWith } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function Page() {
  await currentUserWith("staking-products.manage");
  return (
    <Suspense>
      <StakingProductsScreen />
    </Suspense>
  );
}
