import { Suspense } from "react";
import { TwoFactorScreen } from "@/components/two-factor/two-factor-screen";

/** Settings → 2단계 인증 (TOTP, lib/auth/two-factor.ts). */
export default function TwoFactorPage() {
  return (
    <Suspense fallback={<div className="skeleton m-4 h-64" />}>
      <TwoFactorScreen />
    </Suspense>
  );
}
