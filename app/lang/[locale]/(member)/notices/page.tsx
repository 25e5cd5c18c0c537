import { NoticesScreen } from "@/components/member/notices/notices-screen";

/** 공지사항: the notices published now, pinned first (reached from Settings and the home banner). */
export default function NoticesPage() {
  return <NoticesScreen />;
}
