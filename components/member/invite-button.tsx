"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useProfile } from "./queries";

/** Copies `<origin>/signup?refCode=<own code>`; the toast lasts 2 s, as the spec has it. */
export function InviteButton({ variant = "secondary" }: { variant?: "primary" | "secondary" }) {
  const t = useTranslations("Common");
  const profile = useProfile();
  const toast = useToast();
  const copy = async () => {
    const code = profile.data?.refCode;
    if (!code) {
      toast(t("noRefCode"), { kind: "error", durationMs: 2000 });
      return;
    }
    const link = `${window.location.origin}/signup?refCode=${encodeURIComponent(code)}`;
    try {
      await navigator.clipboard.writeText(link);
      toast(t("inviteCopied"), { durationMs: 2000 });
    } catch {
      toast(t("copyFailed"), { kind: "error", durationMs: 2000 });
    }
  };
  return (
    <Button variant={variant} size="lg" onClick={copy} disabled={profile.isPending}>
      {t("invite")}
    </Button>
  );
}
