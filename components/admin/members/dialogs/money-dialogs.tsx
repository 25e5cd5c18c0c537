"use client";

// Member money actions: coin / staking / interest / unrecorded adjustments, staking rate and transactions.
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { api, newIdempotencyKey } from "@/lib/client/api";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { BeforeAfter, Field, Radios } from "@/components/admin/kit/fields";
import { applyDelta, fmtRate, fmtWld, parseDecimal } from "@/components/admin/kit/format";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, timeColumn } from "@/components/admin/kit/table";
import { memberKey, type Tx, useMemberTransactions } from "../queries";
import { base, type DialogProps } from "./types";
import { refreshQueries } from "@/lib/client/refresh";

/** The error text for an amount that is not a number above 0 (the spec's rule; the server says the same). */
function useAmount() {
  const te = useTranslations("Errors");
  return (text: string): string => {
    const v = parseDecimal(text);
    if (v === null || Number(v) <= 0) throw new InputProblem(te("INVALID_AMOUNT"));
    return v;
  };
}

type MoneyKind = "coin" | "stakingWithdraw" | "interest" | "unhist";

/** 코인 지급, 스테이킹 회수, 이자 조정 (지급/회수), 무기록 조정 (지급/회수): 금액, before → after, one key per intent. */
export function MoneyDialog({
  member,
  onClose,
  onDone,
  kind,
  before,
  beforeLabel,
}: DialogProps & { kind: MoneyKind; before: string | undefined; beforeLabel: string }) {
  const t = useTranslations("Admin.members");
  const locale = useLocale();
  const amountOf = useAmount();
  const [amount, setAmount] = useState("");
  const [direction, setDirection] = useState<"deposit" | "withdraw">("deposit");
  const twoWay = kind === "interest" || kind === "unhist";
  const sign: 1 | -1 = kind === "stakingWithdraw" || (twoWay && direction === "withdraw") ? -1 : 1;
  // A retried click reuses the key; a changed amount or direction is a new intent with a new key.
  const key = useMemo(() => newIdempotencyKey(), [amount, direction]);
  const after = applyDelta(before ?? null, parseDecimal(amount), sign);

  async function confirm(memo: string) {
    const value = amountOf(amount);
    const init = { method: "PATCH" as const, headers: memoHeaders(memo), idempotencyKey: key };
    // Past the four-eyes limit (this administrator's or the member's rolling 24-hour total) the server answers
    // 202 { proposal } (the memo is its reason): nothing moved yet.
    type Answer = { proposal?: unknown } | null;
    let r: Answer;
    if (kind === "coin")
      r = await api<Answer>(`${base(member)}/coin`, {
        ...init,
        body: { symbol: "WLD", amount: value, action: "DEPOSIT" },
      });
    else if (kind === "stakingWithdraw")
      r = await api<Answer>(`${base(member)}/staking`, {
        ...init,
        body: { symbol: "WLD", amount: value, action: "withdraw" },
      });
    else if (kind === "interest")
      r = await api<Answer>(`${base(member)}/interest`, { ...init, body: { amount: value, action: direction } });
    else
      r = await api<Answer>(`${base(member)}/coinunhist`, {
        ...init,
        body: { symbol: "WLD", amount: value, action: direction === "deposit" ? "DEPOSIT" : "WITHDRAW" },
      });
    onDone(r?.proposal ? t("done.proposed") : t(`done.${kind}`, { amount: fmtWld(value, locale, true) }));
  }

  return (
    <AdminDialog open title={t(`action.${kind}`)} onClose={onClose} onConfirm={confirm} danger={sign === -1}>
      {twoWay && (
        <Radios
          legend={t("field.direction")}
          value={direction}
          onChange={setDirection}
          options={[
            { value: "deposit", label: t("field.give") },
            { value: "withdraw", label: t("field.take") },
          ]}
        />
      )}
      <Field label={t("field.amount")} value={amount} onChange={setAmount} inputMode="decimal" />
      <BeforeAfter
        label={beforeLabel}
        before={fmtWld(before, locale, true)}
        after={after === null ? "—" : fmtWld(after, locale, true)}
      />
    </AdminDialog>
  );
}

export function RateDialog({ member, onClose, onDone, current }: DialogProps & { current: string | undefined }) {
  const t = useTranslations("Admin.members");
  const [rate, setRate] = useState("");
  return (
    <AdminDialog
      open
      title={t("action.rate")}
      onClose={onClose}
      onConfirm={async (memo) => {
        const v = parseDecimal(rate);
        if (v === null) throw new InputProblem(t("rateInvalid"));
        // Every rate change is a four-eyes proposal (202 { proposal }; the memo is its reason).
        const r = await api<{ proposal?: unknown } | null>(`${base(member)}/staking-rate`, {
          method: "PATCH",
          body: { coinSymbol: "WLD", rate: v },
          headers: memoHeaders(memo),
        });
        onDone(r?.proposal ? t("done.rateProposed", { rate: v }) : t("done.rate", { rate: v }));
      }}
    >
      <Field label={t("field.rate")} value={rate} onChange={setRate} inputMode="decimal" />
      <BeforeAfter
        label={`${t("rate")} (%)`}
        before={current ? fmtRate(current) : "—"}
        after={parseDecimal(rate) ?? "—"}
      />
    </AdminDialog>
  );
}

export function TransactionsDialog({ member, onClose, onDone }: DialogProps) {
  const t = useTranslations("Admin.members");
  const locale = useLocale();
  const qc = useQueryClient();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<number | null>(null);
  const errorText = useErrorText();
  const q = useMemberTransactions(member.id, page);
  void onDone;

  if (hiding !== null) {
    const row = q.data?.items.find((x) => x.id === hiding);
    return (
      <AdminDialog
        open
        danger
        title={t("hideTitle")}
        onClose={() => setHiding(null)}
        onConfirm={async (memo) => {
          await api(`/api/admin/transactions/${hiding}`, { method: "DELETE", headers: memoHeaders(memo) });
          setHiding(null);
          toast(t("done.hide"), { kind: "success" });
          await refreshQueries(qc, { queryKey: memberKey(member.id) });
        }}
      >
        <p className="text-sm">
          {row
            ? t("confirmHide", { type: row.type, amount: fmtWld(row.amount, locale, true), coin: row.coinSymbol })
            : ""}
        </p>
      </AdminDialog>
    );
  }

  const columns: Column<Tx>[] = [
    timeColumn("at", t("tx.at"), (x) => x.createdAt),
    { key: "type", header: t("tx.type"), cell: (x) => x.type },
    {
      key: "amount",
      header: t("tx.amount"),
      align: "end",
      cell: (x) => `${fmtWld(x.amount, locale, true)} ${x.coinSymbol}`,
    },
    {
      key: "hide",
      header: <span className="sr-only">{t("tx.hide")}</span>,
      cell: (x) =>
        x.hidden ? (
          <span className="text-xs text-gray-600">{t("tx.hidden")}</span>
        ) : (
          <button
            type="button"
            className="rounded-md border border-gray-300 px-2 py-1 text-xs"
            onClick={() => setHiding(x.id)}
          >
            {t("tx.hide")}
          </button>
        ),
    },
  ];
  return (
    <AdminDialog open done title={t("action.transactions")} onClose={onClose}>
      <DataTable
        label={t("action.transactions")}
        columns={columns}
        rows={q.data?.items ?? []}
        rowKey={(x) => x.id}
        rowAttrs={(x) => ({ "data-testid": `tx-${x.id}` })}
        query={q}
        skeletonRows={3}
        empty={t("tx.empty")}
        errorText={errorText}
      />
      <Pager page={page} total={q.data?.total ?? 0} limit={10} onPage={setPage} />
    </AdminDialog>
  );
}
