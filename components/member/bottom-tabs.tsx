"use client";

import { AppLink } from "@/components/ui/app-link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";

const TABS = [
  { href: "/home", key: "home", icon: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" },
  { href: "/wallet", key: "wallet", icon: "M3 7h15a3 3 0 0 1 3 3v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 7l12-3v3M16 13h2" },
  {
    href: "/world-id",
    key: "worldId",
    icon: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3.5 9h17M3.5 15h17M12 3c2.5 2.5 3.5 6 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-6-3.5-9s1-6.5 3.5-9z",
  },
] as const;

/** Bottom navigation of the member screens: Home, wallet, World ID. */
export function BottomTabs() {
  const t = useTranslations("Common.tabs");
  const path = usePathname();
  return (
    <nav
      aria-label={t("label")}
      className="fixed bottom-0 left-1/2 z-30 w-full max-w-[430px] -translate-x-1/2 border-t border-gray-200 bg-white"
    >
      <ul className="grid grid-cols-3">
        {TABS.map((tab) => {
          const active = path === tab.href || path.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
              <AppLink
                href={tab.href}
                aria-current={active ? "page" : undefined}
                className={`flex flex-col items-center gap-1 py-2 text-xs ${active ? "font-semibold text-gray-900" : "text-gray-500"}`}
              >
                <Icon round>
                  <path d={tab.icon} />
                </Icon>
                {t(tab.key)}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
