"use client";

// A screen that failed to render (an error thrown while rendering a page): a designed message in the
// visitor's language, "try again" (re-renders the segment) and a way home. Details go to the console only.
// Loaded by app/lang/[locale]/error.tsx only when a render fails, so no page downloads it up front.
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { SECONDARY_LINK, StatusPage } from "@/components/ui/status-page";

export default function ErrorScreen({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("Common.errorPage");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage title={t("title")} body={t("body")}>
      <Button size="lg" onClick={reset}>
        {t("retry")}
      </Button>
      <AppLink href="/home" className={SECONDARY_LINK}>
        {t("home")}
      </AppLink>
    </StatusPage>
  );
}
