"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

// Only once the button is pressed: the dialog is no part of a page's first load.
// React.lazy, not next/dynamic: `logout` below is imported by every page's first load, and next/dynamic would bring
// its loader with it (650 bytes more JavaScript on every page).
const LogoutConfirm = lazy(() => import("./logout-confirm").then((m) => ({ default: m.LogoutConfirm })));

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

/**
 * Asks "로그아웃할까요?" first, then logs out. `open` and `ask` for the button that opens it; render
 * `dialog` once. `before` runs right before the session ends (e.g. dropping cached member data).
 */
export function useLogoutConfirm(redirectTo = "/", before?: () => void) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialog = open ? (
    <Suspense fallback={null}>
      <LogoutConfirm
        open
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          before?.();
          await logout(redirectTo);
        }}
      />
    </Suspense>
  ) : null;
  return { ask: () => setOpen(true), busy, dialog };
}

/** A logout button for any screen (label from Auth.logout unless children are given); it asks to confirm first. */
export function LogoutButton({
  redirectTo = "/",
  children,
  ...rest
}: Omit<ButtonProps, "onClick"> & { redirectTo?: string }) {
  const t = useTranslations("Auth");
  const { ask, busy, dialog } = useLogoutConfirm(redirectTo);
  return (
    <>
      <Button variant="secondary" loading={busy} onClick={ask} {...rest}>
        {children ?? t("logout")}
      </Button>
      {dialog}
    </>
  );
}
