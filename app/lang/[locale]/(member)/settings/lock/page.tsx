import { Suspense } from "react";
import { LockScreen } from "@/components/member/settings/lock-screen";

/** Settings → 계정 잠금: the panic button and, while frozen, the unlock (lib/account/freeze.ts). */
export default function LockPage() {
  return (
    <Suspense fallback={null}>
      <LockScreen />
    </Suspense>
  );
}
