import { DevicesScreen } from "@/components/member/settings/devices-screen";

/** Settings → 로그인 기기 (issue 12 item 6). */
export default function DevicesPage() {
  return <DevicesScreen />;
}
