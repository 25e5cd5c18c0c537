import { NotificationsScreen } from "@/components/member/notifications/notifications-screen";

/** 알림: the member's inbox (issue 14 item 4). */
export default function NotificationsPage() {
  return <NotificationsScreen />;
}
