"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { CsvDownloads } from "@/components/member/exports/csv-downloads";
import { HiddenRowsNote } from "@/components/member/exports/hidden-rows-note";
import { useMember } from "@/components/member/member-context";
import { Pager } from "@/components/member/pager";
import { useNetworkName } from "@/components/member/network-name";
import { amt } from "@/components/member/decimals";
import { enc, keys, type RequestRow, type TxRow } from "@/components/member/queries";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { WldAmount } from "@/components/wallet/amount";
import { useExchangeName } from "@/components/wallet/destination-name";
import { DepositInstructions } from "@/components/wallet/deposit-instructions";
import { RequestTimeline } from "@/components/wallet/request-timeline";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import { formatKrw, formatWld } from "@/lib/money";
import { krwValueOf } from "@/lib/krw-value";
import { formatKrwText } from "@/lib/money-text";
import { historyRowKind, splitWalletAddr } from "@/lib/wallet/review";
import { refreshQueries } from "@/lib/client/refresh";

const PAGE_SIZE = 10;
// The confirm asked before a cancel, loaded when a cancel button is first pressed.
const CancelRequestConfirm = lazy(() =>
  import("@/components/wallet/cancel-request-confirm").then((m) => ({ default: m.CancelRequestConfirm })),
);

function useDate() {
  const locale = useLocale();
  return (iso: string) => formatKst(iso, locale);
}

function EmptyState({ text, href, link }: { text: string; href: string; link: string }) {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-700">
      <p>{text}</p>
      <AppLink href={href} className="mt-1 inline-flex min-h-11 items-center font-semibold text-accent underline">
        {link}
      </AppLink>
    </div>
  );
}

function Transactions() {
  const t = useTranslations("History");
  const { userId } = useMember();
  const errorText = useErrorText();
  const date = useDate();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: keys.transactions(userId, page),
    queryFn: () =>
      api<{ items: TxRow[]; total: number; hidden?: number }>(
        `/api/transactions/by-id/${enc(userId)}?page=${page}&limit=${PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  return (
    <section aria-labelledby="tx-title" className="flex flex-col gap-3">
      <h2 id="tx-title" className="font-semibold">
        {t("transactions")}
      </h2>
      {q.isPending ? (
        <div className="flex flex-col gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="skeleton h-12 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : q.data.items.length === 0 ? (
        <EmptyState text={t("emptyHint")} href="/wallet" link={t("emptyLink")} />
      ) : (
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200" data-testid="tx-list">
          {q.data.items.map((row) => {
            const kind = historyRowKind(row.type, row.amount);
            const a = amt(row.amount).abs();
            return (
              <li key={row.id} className="flex items-center justify-between gap-3 px-3 py-3">
                <span>
                  <span className="block font-semibold">
                    {kind === "toLock"
                      ? t("moveToLock")
                      : kind === "fromLock"
                        ? t("moveFromLock")
                        : t(`types.${row.type}`)}
                  </span>
                  <span className="block text-xs text-gray-600">
                    {kind === "toLock" ? `${t("moveHint")} · ` : kind === "fromLock" ? `${t("moveBackHint")} · ` : ""}
                    {date(row.createdAt)}
                  </span>
                </span>
                <WldAmount
                  value={a}
                  coin={row.coinSymbol}
                  prefix={kind === "in" ? "+" : kind === "out" ? "−" : ""}
                  testId="tx-amount"
                  className={`shrink-0 text-right font-semibold ${kind === "in" ? "text-up" : kind === "out" ? "text-down" : "text-gray-900"}`}
                />
              </li>
            );
          })}
        </ul>
      )}
      <HiddenRowsNote count={q.data?.hidden} />
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function RequestItem({ r, onCancel, cancelling }: { r: RequestRow; onCancel: () => void; cancelling: boolean }) {
  const t = useTranslations("History");
  const tw = useTranslations("Wallet.payIn");
  const date = useDate();
  // Pending requests open with their progress shown; settled ones fold it behind a button.
  const [open, setOpen] = useState(r.status === "PENDING");
  const dest = splitWalletAddr(r.walletAddr);
  const exchangeName = useExchangeName();
  const networkName = useNetworkName();
  const detailsId = `request-${r.id}-details`;
  // A deposit still waiting for its KRW shows where and how to pay (its 입금자명 among them).
  const payIn = r.type === "DEPOSIT" && r.status === "PENDING" && !r.awaitingApproval;
  return (
    <li className="px-3 py-3" data-testid={`request-${r.id}`}>
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block font-semibold">
            {t(`requestTypes.${r.type}`)} ·{" "}
            <span className="tabular-nums">
              {formatWld(r.amount)} {r.coinSymbol}
            </span>
          </span>
          <span className="block text-xs text-gray-600">
            {date(r.createdAt)} ·{" "}
            <span data-testid="request-status">{r.underReview ? t("underReview") : t(`status.${r.status}`)}</span>
            {r.awaitingApproval && (
              <>
                {" · "}
                <span data-testid="request-awaiting" className="font-semibold text-gray-900">
                  {t("awaitingApproval")}
                </span>
              </>
            )}
            {r.reason ? ` · ${r.reason}` : ""}
          </span>
        </span>
        <span className="flex shrink-0 gap-1">
          {/* A deposit waiting for a second administrator's approval cannot be cancelled (the KRW was confirmed). */}
          {r.status === "PENDING" && !r.awaitingApproval && (
            <Button
              size="sm"
              variant="secondary"
              className="min-h-11"
              loading={cancelling}
              onClick={onCancel}
              aria-label={t("cancelOne", { id: r.id })}
            >
              {t("cancel")}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="min-h-11"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={open ? t("hideDetails") : t("detailsOf", { id: r.id })}
            onClick={() => setOpen((o) => !o)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className={`h-5 w-5 ${open ? "rotate-180" : ""}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </Button>
        </span>
      </div>
      {open && (
        <div id={detailsId} className="mt-2 flex flex-col gap-3 rounded-xl bg-gray-50 p-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {r.type === "DEPOSIT" ? (
              <>
                {r.krwAmount && (
                  <>
                    <dt className="text-gray-600">{t("krwAmount")}</dt>
                    <dd className="text-right tabular-nums">₩{formatKrw(r.krwAmount)}</dd>
                  </>
                )}
                {r.priceKrw && (
                  <>
                    <dt className="text-gray-600">{t("price")}</dt>
                    <dd className="text-right tabular-nums">₩{formatKrw(r.priceKrw)}</dd>
                  </>
                )}
                {r.deposit?.depositorName && !payIn && (
                  <>
                    <dt className="text-gray-600">{tw("depositorName")}</dt>
                    <dd className="text-right">{r.deposit.depositorName}</dd>
                  </>
                )}
              </>
            ) : (
              <>
                <dt className="text-gray-600">{t("fee")}</dt>
                <dd className="text-right tabular-nums">{formatWld(r.fee, true)} WLD</dd>
                <dt className="text-gray-600">{t("total")}</dt>
                <dd className="text-right tabular-nums">
                  <WldAmount value={r.total} />
                </dd>
                {r.priceKrw && (
                  <>
                    <dt className="text-gray-600">{t("krwValue")}</dt>
                    <dd className="text-right tabular-nums" data-testid="request-krw">
                      ₩{formatKrwText(krwValueOf(r.total, r.priceKrw))}
                    </dd>
                  </>
                )}
                {dest && (
                  <>
                    <dt className="text-gray-600">{t("destination")}</dt>
                    <dd className="text-right" title={dest.address}>
                      {[networkName(dest.network), exchangeName(dest)].filter(Boolean).join(" · ")}{" "}
                      <span className="font-mono">{dest.short}</span>
                    </dd>
                  </>
                )}
              </>
            )}
          </dl>
          {/* Where to pay, until the bank statement confirms it (a deposit waiting for its KRW). */}
          {payIn && r.krwAmount && (
            <DepositInstructions
              krwAmount={r.krwAmount}
              depositorName={r.deposit?.depositorName ?? null}
              quoteExpiresAt={r.quoteExpiresAt}
            />
          )}
          <RequestTimeline r={r} />
        </div>
      )}
    </li>
  );
}

function Requests() {
  const t = useTranslations("History");
  const { userId } = useMember();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<RequestRow | null>(null);
  const q = useQuery({
    queryKey: ["my-requests", userId, page],
    queryFn: () =>
      api<{ items: RequestRow[]; total: number }>(`/api/transfer-requests?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => api(`/api/transfer-requests/${id}`, { method: "DELETE" }),
    onSuccess: (_res, id) => {
      setAsking(null);
      toast(t("cancelled"), { kind: "success" });
      refreshQueries(qc, { queryKey: ["my-requests", userId] });
      refreshQueries(qc, { queryKey: ["request-timeline", id] });
      refreshQueries(qc, { queryKey: keys.staked(userId) });
      refreshQueries(qc, { queryKey: ["transfer-duplicate", userId] });
    },
    onError: (err) => {
      setAsking(null);
      toast(errorText(err, "processingFailed"), { kind: "error" });
    },
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  return (
    <section aria-labelledby="req-title" className="flex flex-col gap-3">
      <h2 id="req-title" className="font-semibold">
        {t("requests")}
      </h2>
      {q.isPending ? (
        <div className="flex flex-col gap-2">
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
        </div>
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : q.data.items.length === 0 ? (
        <EmptyState text={t("noRequestsHint")} href="/wallet" link={t("noRequestsLink")} />
      ) : (
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200" data-testid="request-list">
          {q.data.items.map((r) => (
            <RequestItem
              key={r.id}
              r={r}
              cancelling={cancel.isPending && cancel.variables === r.id}
              onCancel={() => setAsking(r)}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
      <Suspense fallback={null}>
        {asking && (
          <CancelRequestConfirm
            request={asking}
            loading={cancel.isPending}
            onConfirm={() => cancel.mutate(asking.id)}
            onClose={() => setAsking(null)}
          />
        )}
      </Suspense>
    </section>
  );
}

export default function WalletHistoryPage() {
  const t = useTranslations("History");
  return (
    <main className="flex flex-col gap-6 p-4">
      <BackHeader href="/wallet" backLabel={t("back")} title={t("title")} />
      <Transactions />
      <Requests />
      <AppLink
        href="/transfer-request"
        className="inline-flex min-h-11 items-center justify-center text-center text-sm text-accent underline"
      >
        {t("newRequest")}
      </AppLink>
      <CsvDownloads />
    </main>
  );
}
