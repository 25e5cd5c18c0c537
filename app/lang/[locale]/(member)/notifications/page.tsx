import { NotificationsScreen } from "@/components/member/notifications/notifications-screen";

/** 알림: the member's inbox. */
export default function NotificationsPage() {
  return <NotificationsScreen />;
}
