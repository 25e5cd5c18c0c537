"use client";

/**
 * /admin/deposits/bank — `은행 거래내역`: upload the bank's statement (POST /api/admin/deposits/bank, multipart `file`);
 * the server matches each credit line to an open deposit by 입금자명 and exact KRW and answers the upload's summary.
 * What it could not match is listed (`확인 필요`) with its reason in words; a person links such a line to a deposit
 * (`요청에 연결`: the open deposits, searchable by 입금자명 or member) or dismisses it with a reason (`무시`), both
 * through POST …/lines/{id}/resolve. Matched and dismissed lines are the other tabs; the tab and page live in the URL.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useErrorText } from "@/components/admin/kit/dialog";
import { FileField } from "@/components/admin/kit/fields";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader, timeColumn } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";
import {
  BANK_LINE_STATUSES,
  type BankLineDto,
  type BankLineStatusDto,
  type BankLinesPageDto,
  type BankUploadResultDto,
} from "@/lib/deposits/dto";
import { fmtKrw, kstDateTime } from "@/components/admin/kit/format";
import { DismissDialog, MatchDialog } from "./bank-dialogs";
import { useUrlState } from "@/components/admin/kit/url-state";

const LIMIT = 20;
/** The lines waiting for a person first. */
const TABS: BankLineStatusDto[] = ["REVIEW", "MATCHED", "DISMISSED"];

type Dialog = { kind: "match" | "dismiss"; line: BankLineDto } | null;

export function BankScreen() {
  const t = useTranslations("AdminOps.bank");
  const locale = useLocale();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const { values, page, set, query } = useUrlState(["status"] as const);
  const status: BankLineStatusDto = (BANK_LINE_STATUSES as readonly string[]).includes(values.status)
    ? (values.status as BankLineStatusDto)
    : "REVIEW";
  const list = useQuery({
    queryKey: ["admin-ops", "bank", status, page],
    queryFn: () => api<BankLinesPageDto>(`/api/admin/deposits/bank?${query({ status, limit: LIMIT })}`),
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = list.data?.items ?? [];
  const refresh = () => refreshQueries(qc, { queryKey: ["admin-ops"] });
  const columns: Column<BankLineDto>[] = [
    timeColumn("occurredAt", t("col.occurredAt"), (l) => l.occurredAt),
    {
      key: "depositor",
      header: t("col.depositorName"),
      cellAttrs: { className: "font-medium" },
      cell: (l) => l.depositorName,
    },
    { key: "amount", header: t("col.amount"), align: "end", cell: (l) => `₩${fmtKrw(l.amountKrw, locale)}` },
    {
      key: "balance",
      header: t("col.balance"),
      align: "end",
      cell: (l) => (l.balanceKrw ? `₩${fmtKrw(l.balanceKrw, locale)}` : "—"),
    },
    {
      key: "resolution",
      header: status === "REVIEW" ? t("col.reason") : t("col.resolved"),
      cell: (l) => <Resolution line={l} />,
    },
    {
      key: "request",
      header: t("col.request"),
      cell: (l) =>
        l.request ? (
          <span className="text-xs">
            {t("requestRef", {
              id: l.request.id,
              userId: l.request.userId,
              krw: fmtKrw(l.request.krwAmount ?? "0", locale),
            })}
            {l.request.depositorName && <span className="ml-1 text-gray-600">{l.request.depositorName}</span>}
          </span>
        ) : (
          "—"
        ),
    },
    {
      key: "actions",
      header: t("col.actions"),
      cell: (l) =>
        l.status === "REVIEW" && (
          <span className="inline-flex gap-1">
            <Button
              size="sm"
              onClick={() => setDialog({ kind: "match", line: l })}
              aria-describedby={`line-${l.id}-what`}
            >
              {t("match")}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setDialog({ kind: "dismiss", line: l })}
              aria-describedby={`line-${l.id}-what`}
            >
              {t("dismiss")}
            </Button>
            <span id={`line-${l.id}-what`} hidden>
              {t("rowDescription", {
                at: kstDateTime(l.occurredAt),
                name: l.depositorName,
                krw: fmtKrw(l.amountKrw, locale),
              })}
            </span>
          </span>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="max-w-3xl break-keep text-sm text-gray-700">{t("intro")}</p>

      <UploadForm onUploaded={() => void refresh()} />

      <div role="tablist" aria-label={t("tabs")} className="flex flex-wrap gap-1">
        {TABS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            aria-controls="bank-lines"
            onClick={() => set({ status: s === "REVIEW" ? "" : s })}
            className={`min-h-11 rounded-full border px-4 py-1.5 text-sm font-medium ${
              status === s ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white text-gray-800"
            }`}
          >
            {t(`tab.${s}`)}
            {status === s && list.data ? ` (${list.data.total})` : ""}
          </button>
        ))}
      </div>

      <div id="bank-lines" role="tabpanel" aria-label={t(`tab.${status}`)}>
        <DataTable
          label={t(`tab.${status}`)}
          columns={columns}
          rows={items}
          rowKey={(l) => l.id}
          rowAttrs={(l) => ({ "data-testid": `bank-line-${l.id}`, "data-status": l.status })}
          query={list}
          empty={t(`empty.${status}`)}
          errorText={errorText}
        />
      </div>
      {list.data && <Pager page={page} total={list.data.total} limit={LIMIT} onPage={(p) => set({ page: p })} />}

      <section aria-labelledby="bank-uploads" className="flex flex-col gap-2">
        <h2 id="bank-uploads" className="text-base font-bold">
          {t("uploads")}
        </h2>
        {list.data && list.data.uploads.length === 0 && <p className="text-sm text-gray-600">{t("noUploads")}</p>}
        <ul className="flex flex-col gap-1 text-sm text-gray-800">
          {(list.data?.uploads ?? []).map((u) => (
            <li key={u.id} className="break-all">
              {t("uploadRow", {
                at: kstDateTime(u.createdAt),
                file: u.fileName,
                encoding: u.encoding,
                linesNew: u.linesNew,
                linesTotal: u.linesTotal,
                matched: u.matched,
                review: u.review,
                who: u.uploadedBy,
              })}
            </li>
          ))}
        </ul>
      </section>

      {dialog?.kind === "match" && (
        <MatchDialog
          line={dialog.line}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog?.kind === "dismiss" && (
        <DismissDialog
          line={dialog.line}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}

/** Why a line waits (`확인 필요`), or who resolved it and when, with their note. */
function Resolution({ line: l }: { line: BankLineDto }) {
  const t = useTranslations("AdminOps.bank");
  if (l.status === "REVIEW")
    return (
      l.reviewReason && (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          data-testid="review-reason"
        >
          {t(`reason.${l.reviewReason}`)}
        </span>
      )
    );
  return (
    <span className="block text-xs text-gray-700">
      {l.resolvedBy && l.resolvedAt
        ? t("resolvedBy", { who: l.resolvedBy, at: kstDateTime(l.resolvedAt) })
        : kstDateTime(l.createdAt)}
      {l.resolutionNote && <span className="block whitespace-normal">{l.resolutionNote}</span>}
    </span>
  );
}

/** The file field, `업로드`, and the summary of the last upload. */
function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const t = useTranslations("AdminOps.bank");
  const errorText = useErrorText();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BankUploadResultDto["upload"] | null>(null);

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const file = input.current?.files?.[0];
    setError(null);
    if (!file) {
      setError(t("chooseFile"));
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const res = await api<BankUploadResultDto>("/api/admin/deposits/bank", { method: "POST", body });
      setResult(res.upload);
      toast(
        t("uploadedToast", {
          file: res.upload.fileName,
          linesNew: res.upload.linesNew,
          matched: res.upload.matched,
          review: res.upload.review,
        }),
        { kind: "success" },
      );
      if (input.current) input.current.value = "";
      onUploaded();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void upload(e)}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4"
      noValidate
    >
      <div className="flex flex-wrap items-end gap-3">
        <FileField label={t("file")} name="file" accept=".csv,text/csv" hint={t("fileHint")} inputRef={input} />
        <Button type="submit" loading={busy}>
          {t("upload")}
        </Button>
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      {result && (
        <section aria-label={t("result")} data-testid="bank-upload-result">
          <h2 className="mb-1 text-sm font-semibold">{t("result")}</h2>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
            {(["fileName", "encoding", "linesTotal", "linesNew", "matched", "review"] as const).map((k) => (
              <div key={k} className="rounded-lg bg-gray-50 px-3 py-2">
                <dt className="text-xs text-gray-600">{t(`summary.${k}`)}</dt>
                <dd className="font-semibold break-all tabular-nums" data-testid={`upload-${k}`}>
                  {String(result[k])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </form>
  );
}
