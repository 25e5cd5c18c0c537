"use client";

/**
 * The bell of the member header: a link to /notifications named "알림" / "Notifications",
 * with the unread count in its name and as a badge, "99+" past 99 (the server counts no further:
 * lib/notifications/inbox.ts UNREAD_CAP). The count is rendered with the page (the server prefetches
 * it into React Query: components/providers/member-prefetch.tsx) and kept fresh by React Query; the bell's
 * own code is this file only.
 */
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { api } from "@/lib/client/api";

export const unreadKey = ["notifications", "unread"] as const;

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => api<{ unread: number }>("/api/notifications/unread-count"),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function NotificationBell({ className = "" }: { className?: string }) {
  const t = useTranslations("Notifications");
  const unread = useUnreadCount().data?.unread ?? 0;
  const badge = unread > 99 ? "99+" : String(unread);
  return (
    <AppLink
      href="/notifications"
      aria-label={unread > 0 ? t("bellUnread", { count: badge }) : t("bell")}
      data-testid="notification-bell"
      className={`relative ${className}`}
    >
      <Icon round>
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
        <path d="M10 20a2 2 0 0 0 4 0" />
      </Icon>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
        >
          {badge}
        </span>
      )}
    </AppLink>
  );
}
