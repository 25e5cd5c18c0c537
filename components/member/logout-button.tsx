"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useLogoutConfirm } from "@/components/auth/logout-button";
import { Icon } from "@/components/ui/icon";

/** The World ID screen's logout icon: asks to confirm, drops cached member data, then the shared logout. */
export function LogoutButton() {
  const t = useTranslations("WorldId");
  const qc = useQueryClient();
  const { ask, dialog } = useLogoutConfirm("/", () => qc.clear());
  return (
    <>
      <button
        type="button"
        onClick={ask}
        aria-label={t("logout")}
        aria-haspopup="dialog"
        className="-mr-2 flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
      >
        <Icon>
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </Icon>
      </button>
      {dialog}
    </>
  );
}
