"use client";

/** The last screen of a transfer, withdraw or buy: the request's status, its figures and a link to the history. */
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { formatWld } from "@/lib/money";

export type ReceiptStatus =
  | "PENDING"
  | "APPROVED"
  | "REJECTED"
  | "CANCELLED"
  | "EXPIRED"
  | "RETURNED"
  | "SENDING"
  | "PAID"
  | "FAILED";

export type ReceiptRow = { label: string; value: React.ReactNode; strong?: boolean; testId?: string };

/** A row of WLD as the server answered it, with up to 8 decimals. */
export const wldRow = (label: string, amount: string, more?: Pick<ReceiptRow, "strong" | "testId">): ReceiptRow => ({
  label,
  value: `${formatWld(amount, true)} WLD`,
  ...more,
});

export function Receipt({
  title,
  id,
  status,
  rows,
  note,
  children,
  onClose,
  underReview,
}: {
  title: string;
  id: number;
  status: ReceiptStatus;
  /** Held by a fraud case: reads 심사 중 (no accusation). */
  underReview?: boolean;
  rows: ReceiptRow[];
  note?: string;
  /** Shown under the figures (a deposit's bank account, amount and 입금자명 to pay with). */
  children?: React.ReactNode;
  onClose: () => void;
}) {
  const t = useTranslations("Wallet.receipt");
  const th = useTranslations("History");
  return (
    <div className="flex flex-col gap-4" data-testid="receipt">
      <div className="flex flex-col items-center gap-2 pt-2 text-center">
        <svg aria-hidden="true" viewBox="0 0 48 48" className="h-12 w-12 text-emerald-600">
          <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
          <path d="M15 24.5l6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p role="status" className="text-lg font-bold">
          {title}
        </p>
      </div>
      <dl className="divide-y divide-gray-100 rounded-xl bg-gray-50 px-3 text-sm">
        <div className="flex justify-between gap-3 py-2">
          <dt className="text-gray-600">{t("status")}</dt>
          <dd>
            <span
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
              data-testid="receipt-status"
            >
              {underReview ? th("underReview") : th(`status.${status}`)}
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-3 py-2">
          <dt className="text-gray-600">{t("requestId")}</dt>
          <dd className="tabular-nums">#{id}</dd>
        </div>
        {rows.map((r) => (
          <div key={r.label} className="flex justify-between gap-3 py-2">
            <dt className="text-gray-600">{r.label}</dt>
            <dd
              className={`text-right tabular-nums ${r.strong ? "font-bold text-gray-900" : ""}`}
              data-testid={r.testId}
            >
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      {note && <p className="text-xs text-gray-600">{note}</p>}
      <div className="grid grid-cols-2 gap-2">
        <AppLink
          href="/wallet-history"
          className="inline-flex min-h-11 items-center justify-center rounded-xl border border-gray-300 px-3 text-center font-semibold"
        >
          {t("history")}
        </AppLink>
        <Button onClick={onClose}>{t("close")}</Button>
      </div>
    </div>
  );
}
