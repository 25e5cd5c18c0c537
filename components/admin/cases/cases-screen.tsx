"use client";

/**
 * /admin/cases — `이상거래 심사`: the fraud cases (lib/fraud), OPEN first with the nearest report deadline first, each
 * with its rule, member, held request and the clock (business days left, overdue marked); `?id=` opens one case with
 * its evidence and the decision — close as cleared (the request goes on to approval) or as reported (the request is
 * rejected, the STR draft downloads as JSON or CSV). The rules' parameters below the list (fraud-rules-panel.tsx).
 * The status filter, page and open case live in the URL.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useCan } from "@/components/admin/kit/use-can";
import { AdminDialog, useErrorText } from "@/components/admin/kit/dialog";
import { Select, TextArea } from "@/components/admin/kit/fields";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import type { CaseDto } from "@/lib/fraud/dto";
import { fmtWld, kstDateTime } from "@/components/admin/kit/format";
import { download } from "@/components/admin/kit/buttons";
import { FraudRulesPanel } from "./fraud-rules-panel";
import { useUrlState } from "@/components/admin/kit/url-state";

const LIMIT = 20;

function Clock({ c }: { c: CaseDto }) {
  const t = useTranslations("Cases");
  if (c.status !== "OPEN") return <span className="text-gray-600">—</span>;
  return c.clock.overdue ? (
    <span
      className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900"
      data-testid="case-overdue"
    >
      {t("clock.overdue")}
    </span>
  ) : (
    <span className={`text-sm ${c.clock.businessDaysLeft <= 1 ? "font-semibold text-amber-900" : ""}`}>
      {t("clock.left", { n: c.clock.businessDaysLeft })}
    </span>
  );
}

function StatusPill({ status }: { status: CaseDto["status"] }) {
  const t = useTranslations("Cases");
  const tone =
    status === "OPEN"
      ? "bg-amber-100 text-amber-900"
      : status === "REPORTED"
        ? "bg-rose-100 text-rose-900"
        : "bg-emerald-100 text-emerald-900";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`status.${status}`)}</span>;
}

function RequestLine({ c }: { c: CaseDto }) {
  const t = useTranslations("Cases");
  const tr = useTranslations("AdminOps.requests");
  const locale = useLocale();
  if (!c.request) return <span className="text-gray-600">{t("noRequest")}</span>;
  const r = c.request;
  return (
    <span>
      {t("requestLine", {
        id: r.id,
        type: tr.has(`type.${r.type}`) ? tr(`type.${r.type}`) : r.type,
        amount: fmtWld(r.amount, locale, true),
        coin: r.coinSymbol,
        status: tr.has(`status.${r.status}`) ? tr(`status.${r.status}`) : r.status,
      })}
    </span>
  );
}

function CaseDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useTranslations("Cases");
  const may = useCan();
  const toast = useToast();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [asking, setAsking] = useState<"CLEAR" | "REPORT" | null>(null);
  const [note, setNote] = useState("");
  const q = useQuery({
    queryKey: ["admin-ops", "case", id],
    queryFn: () => api<{ case: CaseDto }>(`/api/admin/cases/${id}`),
  });
  const c = q.data?.case;
  const mayDecide = may("cases.decide");

  async function decide() {
    if (!asking) return;
    await api(`/api/admin/cases/${id}/decide`, { method: "POST", body: { decision: asking, note: note.trim() } });
    toast(asking === "CLEAR" ? t("cleared") : t("reported"), { kind: "success" });
    setAsking(null);
    setNote("");
    await qc.invalidateQueries({ queryKey: ["admin-ops", "case", id] });
    await qc.invalidateQueries({ queryKey: ["admin-ops", "cases"] });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("detailTitle", { id })}>
        <Button variant="secondary" size="sm" onClick={onBack}>
          {t("back")}
        </Button>
      </PageHeader>
      {q.isError && <p role="alert">{errorText(q.error)}</p>}
      {c && (
        <>
          <section
            className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4"
            aria-label={t("title")}
          >
            <div className="flex flex-wrap items-center gap-2">
              <StatusPill status={c.status} />
              <strong>{t(`rule.${c.rule}`)}</strong>
              <Clock c={c} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-gray-600">{t("member")}</dt>
              <dd>
                {c.member.name} ({c.member.userId}, #{c.member.id})
              </dd>
              <dt className="text-gray-600">{t("col.request")}</dt>
              <dd>
                <RequestLine c={c} />
              </dd>
              <dt className="text-gray-600">{t("openedAt")}</dt>
              <dd>{kstDateTime(c.openedAt)}</dd>
              <dt className="text-gray-600">{t("dueAt")}</dt>
              <dd>{kstDateTime(c.dueAt)}</dd>
              {c.decidedAt && (
                <>
                  <dt className="text-gray-600">{t("decidedAt")}</dt>
                  <dd>
                    {kstDateTime(c.decidedAt)} · {c.decidedBy}
                  </dd>
                  <dt className="text-gray-600">{t("note")}</dt>
                  <dd className="whitespace-pre-wrap break-words">{c.decisionNote}</dd>
                </>
              )}
            </dl>
          </section>
          <section className="flex flex-col gap-2" aria-labelledby="case-evidence">
            <h2 id="case-evidence" className="font-semibold">
              {t("evidence")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-gray-200 bg-white p-4 text-sm">
              {Object.entries(c.evidence).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-mono text-gray-600">{k}</dt>
                  <dd className="break-all font-mono">
                    {v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          {c.status === "OPEN" && mayDecide && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setAsking("CLEAR")}>{t("clear")}</Button>
              <Button variant="danger" onClick={() => setAsking("REPORT")}>
                {t("report")}
              </Button>
            </div>
          )}
          {c.hasDraft && mayDecide && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => download(`/api/admin/cases/${id}/report?format=json`)}
              >
                {t("draftJson")}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => download(`/api/admin/cases/${id}/report?format=csv`)}
              >
                {t("draftCsv")}
              </Button>
            </div>
          )}
        </>
      )}
      <AdminDialog
        open={asking !== null}
        title={asking === "REPORT" ? t("confirmReport", { id }) : t("confirmClear", { id })}
        onClose={() => setAsking(null)}
        onConfirm={decide}
        confirmLabel={asking === "REPORT" ? t("report") : t("clear")}
        danger={asking === "REPORT"}
        memo={false}
        confirmDisabled={note.trim().length === 0}
      >
        <p className="text-sm text-gray-700">{asking === "REPORT" ? t("reportHint") : t("clearHint")}</p>
        <TextArea label={t("note")} value={note} onChange={setNote} />
      </AdminDialog>
    </div>
  );
}

export function CasesScreen() {
  const t = useTranslations("Cases");
  const may = useCan();
  const errorText = useErrorText();
  const { values, page, set } = useUrlState(["status", "id"] as const);
  const list = useQuery({
    queryKey: ["admin-ops", "cases", values.status, page],
    queryFn: () =>
      api<{ items: CaseDto[]; total: number }>(
        `/api/admin/cases?${new URLSearchParams({ ...(values.status ? { status: values.status } : {}), page: String(page), limit: String(LIMIT) })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: !values.id,
  });
  const openId = Number(values.id);
  if (values.id && Number.isSafeInteger(openId) && openId > 0)
    return <CaseDetail id={openId} onBack={() => set({ id: null })} />;
  const items = list.data?.items ?? [];
  const columns: Column<CaseDto>[] = [
    {
      key: "case",
      header: t("col.case"),
      cell: (c) => (
        <>
          <button
            type="button"
            className="min-h-11 font-semibold text-accent underline"
            aria-label={t("openOne", { id: c.id })}
            onClick={() => set({ id: String(c.id) })}
          >
            #{c.id}
          </button>
          <span className="block text-xs text-gray-600">{kstDateTime(c.openedAt)}</span>
        </>
      ),
    },
    { key: "rule", header: t("col.rule"), cell: (c) => t(`rule.${c.rule}`) },
    {
      key: "member",
      header: t("col.member"),
      cell: (c) => (
        <>
          {c.member.name}
          <span className="block text-xs text-gray-600">{c.member.userId}</span>
        </>
      ),
    },
    { key: "request", header: t("col.request"), cell: (c) => <RequestLine c={c} /> },
    { key: "clock", header: t("col.clock"), cell: (c) => <Clock c={c} /> },
    { key: "status", header: t("col.status"), cell: (c) => <StatusPill status={c.status} /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <p className="break-keep text-sm text-gray-700">{t("intro")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t("filter.label")}
          value={values.status}
          onChange={(v) => set({ status: v })}
          options={["", "OPEN", "CLEARED", "REPORTED"].map((s) => ({ value: s, label: t(`filter.${s || "all"}`) }))}
        />
        {list.data && <span className="pb-2 text-sm text-gray-700">{t("count", { n: list.data.total })}</span>}
      </div>
      <DataTable
        label={t("title")}
        columns={columns}
        rows={items}
        rowKey={(c) => c.id}
        rowAttrs={(c) => ({ "data-testid": `case-${c.id}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      <Pager page={page} total={list.data?.total ?? 0} limit={LIMIT} onPage={(p) => set({ page: p })} />
      {may("fraud-rules.manage") && <FraudRulesPanel />}
    </div>
  );
}
