"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * Ends the session: POST /api/logout (revokes the member's tokens and clears the cookie), forgets
 * the display hints in localStorage, then goes to `redirectTo` with a full navigation.
 */
export async function logout(redirectTo = "/"): Promise<void> {
  try {
    await fetch("/api/logout", { method: "POST", credentials: "same-origin" });
  } finally {
    try {
      localStorage.removeItem("userId");
      localStorage.removeItem("role");
    } catch {}
    window.location.assign(redirectTo);
  }
}

/** A logout button for any screen (label from Auth.logout unless children are given). */
export function LogoutButton({
  redirectTo = "/",
  children,
  ...rest
}: Omit<ButtonProps, "onClick"> & { redirectTo?: string }) {
  const t = useTranslations("Auth");
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await logout(redirectTo);
      }}
      {...rest}
    >
      {children ?? t("logout")}
    </Button>
  );
}
