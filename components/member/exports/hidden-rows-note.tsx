"use client";

/**
 * /wallet-history's line under the transactions: how many rows an administrator hid from this
 * list (GET /api/transactions/by-id answers `hidden`), and that the transactions CSV still has them, so the file
 * adds up to the balances. Nothing when none is hidden.
 */
import { useTranslations } from "next-intl";

export function HiddenRowsNote({ count }: { count: number | undefined }) {
  const t = useTranslations("Exports");
  if (!count) return null;
  return (
    <p data-testid="tx-hidden-count" className="rounded-lg bg-gray-50 px-3 py-2 text-xs text-gray-700 break-keep">
      {t("hiddenRows", { count })}
    </p>
  );
}
