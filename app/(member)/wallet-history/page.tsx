"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useMember } from "@/components/member/member-context";
import { Pager } from "@/components/member/pager";
import { amt, enc, keys, type RequestRow, type TxRow, useErrorText } from "@/components/member/queries";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { formatWld } from "@/lib/money";

const PAGE_SIZE = 10;

/** Sign shown for a history row: coins in are +, coins out are −; STAKING rows carry their own sign. */
function signed(row: TxRow): string {
  const a = amt(row.amount);
  const out = row.type === "WITHDRAW" || row.type === "TRANSFER";
  const neg = out ? !a.isNegative() || a.isZero() : a.isNegative();
  return `${neg ? "−" : "+"}${formatWld(a.abs())}`;
}

function useDate() {
  const format = useFormatter();
  return (iso: string) =>
    format.dateTime(new Date(iso), {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
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
      api<{ items: TxRow[]; total: number }>(`/api/transactions/by-id/${enc(userId)}?page=${page}&limit=${PAGE_SIZE}`),
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
        <p className="text-sm text-gray-500">{t("empty")}</p>
      ) : (
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200" data-testid="tx-list">
          {q.data.items.map((row) => (
            <li key={row.id} className="flex items-center justify-between px-3 py-3">
              <span>
                <span className="block font-semibold">{t(`types.${row.type}`)}</span>
                <span className="block text-xs text-gray-500">{date(row.createdAt)}</span>
              </span>
              <span className={`font-semibold tabular-nums ${signed(row).startsWith("−") ? "text-down" : "text-up"}`}>
                {signed(row)} {row.coinSymbol}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function Requests() {
  const t = useTranslations("History");
  const { userId } = useMember();
  const errorText = useErrorText();
  const toast = useToast();
  const date = useDate();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ["my-requests", userId, page],
    queryFn: () =>
      api<{ items: RequestRow[]; total: number }>(`/api/transfer-requests?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => api(`/api/transfer-requests/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast(t("cancelled"), { kind: "success" });
      qc.invalidateQueries({ queryKey: ["my-requests", userId] });
      qc.invalidateQueries({ queryKey: keys.staked(userId) });
      qc.invalidateQueries({ queryKey: ["transfer-duplicate", userId] });
    },
    onError: (err) => toast(errorText(err, "processingFailed"), { kind: "error" }),
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  return (
    <section aria-labelledby="req-title" className="flex flex-col gap-3">
      <h2 id="req-title" className="font-semibold">
        {t("requests")}
      </h2>
      {q.isPending ? (
        <div className="skeleton h-12 w-full" />
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : q.data.items.length === 0 ? (
        <p className="text-sm text-gray-500">{t("noRequests")}</p>
      ) : (
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200" data-testid="request-list">
          {q.data.items.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2 px-3 py-3">
              <span>
                <span className="block font-semibold">
                  {t(`types.${r.type}`)} · {formatWld(r.amount)} {r.coinSymbol}
                </span>
                <span className="block text-xs text-gray-500">
                  {date(r.createdAt)} · {t(`status.${r.status}`)}
                  {r.reason ? ` · ${r.reason}` : ""}
                </span>
              </span>
              {r.status === "PENDING" && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={cancel.isPending && cancel.variables === r.id}
                  onClick={() => cancel.mutate(r.id)}
                  aria-label={t("cancelOne", { id: r.id })}
                >
                  {t("cancel")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
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
      <Link href="/transfer-request" className="text-center text-sm text-accent underline">
        {t("newRequest")}
      </Link>
    </main>
  );
}
