"use client";

/**
 * /wallet-history's downloads for tax filing: plain links to the member's own CSV files
 * (GET /api/users/{userId}/export/transactions.csv and rewards.csv — KST dates, WLD amounts, KRW at the time).
 */
import { useTranslations } from "next-intl";
import { useMember } from "@/components/member/member-context";

const LINK =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent";

export function CsvDownloads() {
  const t = useTranslations("Exports");
  const { userId } = useMember();
  const base = `/api/users/${encodeURIComponent(userId)}/export`;
  return (
    <section aria-labelledby="csv-title" className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3">
      <h2 id="csv-title" className="font-semibold">
        {t("title")}
      </h2>
      <p className="text-xs text-gray-600">{t("hint")}</p>
      <div className="flex gap-2">
        <a href={`${base}/transactions.csv`} download className={LINK}>
          {t("transactions")}
        </a>
        <a href={`${base}/rewards.csv`} download className={LINK}>
          {t("rewards")}
        </a>
      </div>
    </section>
  );
}
