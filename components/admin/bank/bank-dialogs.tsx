"use client";

/**
 * The bank statement screen's dialogs (./bank-screen.tsx): a line waiting for a person is linked to an open deposit
 * (`요청에 연결`) or dismissed with a reason (`무시`), both through POST /api/admin/deposits/bank/lines/{id}/resolve.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { AdminDialog, InputProblem, memoHeaders } from "@/components/admin/kit/dialog";
import { Field, TextArea } from "@/components/admin/kit/fields";
import { useToast } from "@/components/ui/toast";
import { api, newIdempotencyKey } from "@/lib/client/api";
import type { BankLineDto } from "@/lib/deposits/dto";
import { fmtKrw, kstDateTime } from "@/components/admin/kit/format";
import type { AdminRequest, RequestList } from "@/components/admin/requests/model";

/** The line's date, name and KRW, at the top of its dialogs. */
function LineSummary({ line }: { line: BankLineDto }) {
  const t = useTranslations("AdminOps.bank");
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm tabular-nums">
      <dt className="text-gray-600">{t("col.occurredAt")}</dt>
      <dd>{kstDateTime(line.occurredAt)}</dd>
      <dt className="text-gray-600">{t("col.depositorName")}</dt>
      <dd className="font-semibold">{line.depositorName}</dd>
      <dt className="text-gray-600">{t("col.amount")}</dt>
      <dd>₩{fmtKrw(line.amountKrw, locale)}</dd>
      {line.reviewReason && (
        <>
          <dt className="text-gray-600">{t("col.reason")}</dt>
          <dd>{t(`reason.${line.reviewReason}`)}</dd>
        </>
      )}
    </dl>
  );
}

/** One Idempotency-Key per line and resolution: a retried click replays the first answer instead of resolving twice. */
function useResolve(lineId: number) {
  const keys = useRef(new Map<string, string>());
  return (body: object, memo: string) => {
    const k = JSON.stringify(body);
    const key = keys.current.get(k) ?? newIdempotencyKey();
    keys.current.set(k, key);
    return api<{ line: BankLineDto; proposal?: { id: number } }>(`/api/admin/deposits/bank/lines/${lineId}/resolve`, {
      method: "POST",
      body,
      idempotencyKey: key,
      headers: memoHeaders(memo),
    });
  };
}

/** `요청에 연결`: choose an open deposit (PENDING or EXPIRED), searchable by 입금자명 or member. */
export function MatchDialog({ line, onClose, onDone }: { line: BankLineDto; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("AdminOps.bank");
  const tr = useTranslations("AdminOps.requests");
  const locale = useLocale();
  const toast = useToast();
  const groupId = useId();
  const [search, setSearch] = useState(line.reviewReason === "UNKNOWN_NAME" ? "" : line.depositorName);
  const [chosen, setChosen] = useState<number | null>(line.request?.id ?? null);
  const resolve = useResolve(line.id);
  const q = search.trim();
  const deposits = useQuery({
    queryKey: ["admin-ops", "bank-open-deposits", q],
    queryFn: async () => {
      const base = `type=DEPOSIT&limit=50${q ? `&search=${encodeURIComponent(q)}` : ""}`;
      const [pending, expired] = await Promise.all([
        api<RequestList>(`/api/admin/requests?${base}&status=PENDING`),
        api<RequestList>(`/api/admin/requests?${base}&status=EXPIRED`),
      ]);
      return [...pending.items, ...expired.items];
    },
    placeholderData: keepPreviousData,
  });
  const options: AdminRequest[] = deposits.data ?? [];

  async function confirm(memo: string) {
    if (chosen === null) throw new InputProblem(t("chooseRequest"));
    const res = await resolve({ action: "match", requestId: chosen }, memo);
    toast(res.proposal ? t("proposedToast", { id: chosen }) : t("matchedToast", { id: chosen }), {
      kind: res.proposal ? "info" : "success",
    });
    onDone();
  }

  return (
    <AdminDialog open title={t("matchTitle")} onClose={onClose} onConfirm={confirm}>
      <LineSummary line={line} />
      <p className="break-keep text-sm text-gray-700">{t("matchHint")}</p>
      <Field label={t("searchDeposits")} type="search" value={search} onChange={setSearch} />
      <fieldset className="flex flex-col gap-1" aria-describedby={`${groupId}-state`}>
        <legend className="mb-1 text-sm font-medium text-gray-700">{t("openDeposits")}</legend>
        <p id={`${groupId}-state`} className="sr-only" aria-live="polite">
          {deposits.isFetching ? "…" : String(options.length)}
        </p>
        {options.length === 0 && !deposits.isFetching && <p className="text-sm text-gray-600">{t("noDeposits")}</p>}
        <div className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {options.map((r) => (
            <label
              key={r.id}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
                chosen === r.id ? "border-gray-900 bg-gray-50" : "border-gray-200"
              }`}
            >
              <input
                type="radio"
                name={`${groupId}-request`}
                value={r.id}
                checked={chosen === r.id}
                onChange={() => setChosen(r.id)}
              />
              <span className="tabular-nums">
                {t("depositOption", {
                  id: r.id,
                  name: r.deposit?.depositorName ?? "—",
                  userId: r.user.userId,
                  krw: fmtKrw(r.krwAmount ?? "0", locale),
                  status: tr(`status.${r.status}`),
                })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </AdminDialog>
  );
}

/** `무시`: the line pays no deposit; the reason is required and kept. */
export function DismissDialog({
  line,
  onClose,
  onDone,
}: {
  line: BankLineDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("AdminOps.bank");
  const toast = useToast();
  const [reason, setReason] = useState("");
  const resolve = useResolve(line.id);

  async function confirm(memo: string) {
    if (!reason.trim()) throw new InputProblem(t("dismissReasonRequired"));
    await resolve({ action: "dismiss", reason: reason.trim() }, memo);
    toast(t("dismissedToast"), { kind: "success" });
    onDone();
  }

  return (
    <AdminDialog open title={t("dismissTitle")} danger onClose={onClose} onConfirm={confirm}>
      <LineSummary line={line} />
      <p className="break-keep text-sm text-gray-700">{t("dismissHint")}</p>
      <TextArea label={t("dismissReason")} value={reason} onChange={setReason} />
    </AdminDialog>
  );
}
