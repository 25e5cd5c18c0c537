"use client";

/**
 * /admin/destinations — `출금 거래소`: the exchanges members may send to (lib/destinations): name, networks, 국내 신고
 * VASP or 해외, the Travel Rule partner, 허용/차단, and the date, administrator and memo of the last change. Adding
 * one (a focused dialog) adds it blocked unless allowing it is asked for; a row is edited (networks, kind, partner),
 * blocked with a memo — at once — or unblocked, which is a four-eyes proposal: the row says `승인 대기` until another
 * administrator approves it in /admin/approvals.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { Checks, Field, Radios, Select } from "@/components/admin/kit/fields";
import { Pill } from "@/components/admin/kit/pill";
import { type Column, DataTable, PageHeader, timeColumn, Truncated } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";
import type { DestinationDto, DestinationKind, TravelRulePartner } from "@/lib/destinations/dto";
import { NETWORKS, type Network } from "@/lib/exchanges";
import { useNetworkName } from "@/components/admin/kit/words";

type Form = {
  name: string;
  networks: Network[];
  kind: DestinationKind;
  partner: TravelRulePartner | "";
  allow: boolean;
};
type Dialog =
  | { kind: "create" }
  | { kind: "edit"; d: DestinationDto }
  | { kind: "block"; d: DestinationDto }
  | { kind: "unblock"; d: DestinationDto };

const EMPTY: Form = { name: "", networks: [], kind: "KR_VASP", partner: "", allow: false };
const KEY = ["admin-ops", "destinations"];
const STATUS_TONE = {
  ALLOWED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  BLOCKED: "bg-rose-50 text-rose-800 ring-rose-200",
} as const;

export function DestinationsScreen() {
  const t = useTranslations("AdminOps.destinations");
  const networkName = useNetworkName();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => api<{ items: DestinationDto[]; total: number }>("/api/admin/destinations"),
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);

  function fields() {
    if (form.networks.length === 0) throw new InputProblem(t("networksRequired"));
    return { networks: form.networks, kind: form.kind, travelRulePartner: form.partner || null };
  }

  async function confirm(memoText: string) {
    if (!dialog) return;
    const memo = memoText.trim();
    const headers = memoHeaders(memo);
    if (dialog.kind === "create") {
      const name = form.name.trim();
      if (!name) throw new InputProblem(t("nameRequired"));
      if (form.allow && !memo) throw new InputProblem(t("reasonRequired"));
      const body = { name, ...fields(), status: form.allow ? "ALLOWED" : "BLOCKED", memo: memo || null };
      const r = await api<{ proposal?: unknown }>("/api/admin/destinations", { method: "POST", body, headers });
      toast(r?.proposal ? t("createProposedToast", { name }) : t("createdToast", { name }), { kind: "success" });
    } else if (dialog.kind === "edit") {
      await api(`/api/admin/destinations/${dialog.d.id}`, {
        method: "PATCH",
        body: { ...fields(), memo: memo || null },
        headers,
      });
      toast(t("savedToast", { name: dialog.d.name }), { kind: "success" });
    } else {
      // Blocking needs the why; unblocking is a proposal whose reason is the memo.
      if (!memo) throw new InputProblem(t(dialog.kind === "block" ? "memoRequired" : "reasonRequired"));
      const status = dialog.kind === "block" ? "BLOCKED" : "ALLOWED";
      await api(`/api/admin/destinations/${dialog.d.id}`, { method: "PATCH", body: { status, memo }, headers });
      const name = dialog.d.name;
      toast(dialog.kind === "block" ? t("blockedToast", { name }) : t("unblockProposedToast", { name }), {
        kind: "success",
      });
    }
    setDialog(null);
    await refreshQueries(qc, { queryKey: KEY });
  }

  const open = (next: Dialog) => {
    setForm(next.kind === "create" ? EMPTY : formOf(next.d));
    setDialog(next);
  };
  const columns: Column<DestinationDto>[] = [
    {
      key: "name",
      header: t("col.name"),
      cellAttrs: { className: "font-medium" },
      cell: (d) => <Truncated text={d.name} max="max-w-[12rem]" />,
    },
    {
      key: "networks",
      header: t("col.networks"),
      wrap: true,
      cell: (d) => <span className="block max-w-[7.5rem]">{d.networks.map(networkName).join(", ")}</span>,
    },
    { key: "kind", header: t("col.kind"), cell: (d) => t(`kind.${d.kind}`) },
    {
      key: "partner",
      header: t("col.partner"),
      cell: (d) => (d.travelRulePartner ? t(`partner.${d.travelRulePartner}`) : t("partner.none")),
    },
    {
      key: "status",
      header: t("col.status"),
      cell: (d) => (
        <span className="inline-flex flex-col items-start gap-1">
          <Pill tone={STATUS_TONE[d.status]}>{t(`status.${d.status}`)}</Pill>
          {d.pendingUnblock && (
            <Pill
              tone="bg-amber-50 text-amber-800 ring-amber-200"
              title={t("awaitingHint", { id: d.pendingUnblock.proposalId })}
            >
              {t("awaitingApproval")}
            </Pill>
          )}
        </span>
      ),
    },
    timeColumn("changedAt", t("col.changedAt"), (d) => d.changedAt, { by: (d) => d.changedBy?.userId }),
    {
      key: "memo",
      header: t("col.memo"),
      wrap: true,
      cellAttrs: (d) => ({ title: d.memo ?? undefined }),
      cell: (d) => <span className="line-clamp-2 block max-w-[8rem]">{d.memo ?? "—"}</span>,
    },
    { key: "actions", header: t("col.actions"), cell: (d) => <RowActions d={d} open={open} /> },
  ];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <Button size="sm" onClick={() => open({ kind: "create" })}>
          {t("create")}
        </Button>
      </PageHeader>
      <p className="max-w-3xl break-keep text-sm text-gray-600">{t("intro")}</p>
      <DataTable
        label={t("title")}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(d) => d.id}
        rowAttrs={(d) => ({ "data-testid": `destination-${d.name}` })}
        query={list}
        empty={t("empty")}
        errorText={errorText}
      />
      {dialog && (
        <AdminDialog
          open
          title={
            dialog.kind === "create"
              ? t("create")
              : dialog.kind === "edit"
                ? t("editOf", { name: dialog.d.name })
                : dialog.kind === "block"
                  ? t("blockOf", { name: dialog.d.name })
                  : t("unblockOf", { name: dialog.d.name })
          }
          confirmLabel={dialog.kind === "unblock" ? t("propose") : undefined}
          danger={dialog.kind === "block"}
          onClose={() => setDialog(null)}
          onConfirm={confirm}
        >
          {dialog.kind === "block" || dialog.kind === "unblock" ? (
            <p className="text-sm break-keep">
              {t(dialog.kind === "block" ? "blockConfirm" : "unblockConfirm", { name: dialog.d.name })}
            </p>
          ) : (
            <DestinationFields form={form} setForm={setForm} creating={dialog.kind === "create"} />
          )}
        </AdminDialog>
      )}
    </div>
  );
}

const formOf = (d: DestinationDto): Form => ({
  name: d.name,
  networks: d.networks,
  kind: d.kind,
  partner: d.travelRulePartner ?? "",
  allow: false,
});

/** The fields of a new or changed destination: name (new only), networks, kind, partner, and allowing a new one. */
function DestinationFields({
  form,
  setForm,
  creating,
}: {
  form: Form;
  setForm: React.Dispatch<React.SetStateAction<Form>>;
  creating: boolean;
}) {
  const t = useTranslations("AdminOps.destinations");
  const networkName = useNetworkName();
  const toggle = (n: Network) =>
    setForm((f) => ({
      ...f,
      networks: f.networks.includes(n)
        ? f.networks.filter((x) => x !== n)
        : NETWORKS.filter((x) => x === n || f.networks.includes(x)),
    }));
  return (
    <>
      {creating && (
        <Field label={t("field.name")} value={form.name} onChange={(name) => setForm((f) => ({ ...f, name }))} />
      )}
      <Checks<Network>
        legend={t("field.networks")}
        values={form.networks}
        onToggle={toggle}
        options={NETWORKS.map((n) => ({ value: n, label: networkName(n) }))}
      />
      <Radios<DestinationKind>
        legend={t("field.kind")}
        value={form.kind}
        onChange={(kind) => setForm((f) => ({ ...f, kind }))}
        options={[
          { value: "KR_VASP", label: t("kind.KR_VASP") },
          { value: "FOREIGN", label: t("kind.FOREIGN") },
        ]}
      />
      <Select
        label={t("field.partner")}
        value={form.partner}
        onChange={(v) => setForm((f) => ({ ...f, partner: v as Form["partner"] }))}
        options={[
          { value: "", label: t("partner.none") },
          { value: "VERIFYVASP", label: t("partner.VERIFYVASP") },
          { value: "CODE", label: t("partner.CODE") },
        ]}
      />
      {creating && (
        <Radios<"BLOCKED" | "ALLOWED">
          legend={t("field.status")}
          value={form.allow ? "ALLOWED" : "BLOCKED"}
          onChange={(v) => setForm((f) => ({ ...f, allow: v === "ALLOWED" }))}
          options={[
            { value: "BLOCKED", label: t("status.BLOCKED") },
            { value: "ALLOWED", label: t("allowProposed") },
          ]}
        />
      )}
    </>
  );
}

/** A row's 수정 and 차단 (at once) or 차단 해제 (a four-eyes proposal; disabled while one waits). */
function RowActions({ d, open }: { d: DestinationDto; open: (next: Dialog) => void }) {
  const t = useTranslations("AdminOps.destinations");
  return (
    <span className="inline-flex gap-1">
      <Button
        size="sm"
        variant="secondary"
        aria-label={t("editOf", { name: d.name })}
        onClick={() => open({ kind: "edit", d })}
      >
        {t("edit")}
      </Button>
      {d.status === "ALLOWED" ? (
        <Button
          size="sm"
          variant="danger"
          aria-label={t("blockOf", { name: d.name })}
          onClick={() => open({ kind: "block", d })}
        >
          {t("block")}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          disabled={d.pendingUnblock !== null}
          aria-label={t("unblockOf", { name: d.name })}
          onClick={() => open({ kind: "unblock", d })}
        >
          {t("unblock")}
        </Button>
      )}
    </span>
  );
}
