import { DevicesScreen } from "@/components/member/settings/devices-screen";

/** Settings → 로그인 기기: the member sees and ends their sessions (SECURITY.md H37). */
export default function DevicesPage() {
  return <DevicesScreen />;
}
