"use client";

/**
 * /admin/staking-products — `스테이킹 상품`: every product; create (a focused dialog), edit, deactivate or
 * reactivate. The daily run enforces the product's minimum amount. A change that raises a rate in force, or a new
 * product that does, waits for a second administrator (SECURITY I39): the row says `승인 대기` until then, and a
 * new product waiting for approval is listed first.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { kstDateTime, wld } from "./format";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/ui/admin-dialog";
import { PageHeader, QueryRows, TableBox, Truncated, td, tdNum, th, thNum } from "@/components/admin/ui/table";
import { refreshQueries } from "@/lib/client/refresh";

type Product = {
  id: number;
  coinSymbol: string;
  name: string;
  annualRate: string;
  lockEnd: string | null;
  lockDays: number | null;
  minAmount: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
};
/** A product change or a new product waiting for approval, as it will be once approved. */
type Pending = {
  proposalId: number;
  kind: "product_rate" | "product_create";
  productId: number | null;
  coinSymbol: string;
  name: string;
  annualRate: string;
  minAmount: string;
  active: boolean;
  createdAt: string;
};
type Form = { name: string; annualRate: string; lockDays: string; minAmount: string };
const AWAITING = "rounded px-1.5 py-0.5 text-xs font-medium ring-1 bg-amber-50 text-amber-800 ring-amber-200";
const EMPTY: Form = { name: "", annualRate: "", lockDays: "", minAmount: "0" };
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

export function StakingProductsScreen() {
  const t = useTranslations("AdminOps.products");
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ["admin-ops", "staking-products"],
    queryFn: () => api<Product[]>("/api/admin/staking-products"),
  });
  const pending = useQuery({
    queryKey: ["admin-ops", "staking-products", "pending"],
    queryFn: () => api<Pending[]>("/api/admin/staking-products/pending"),
  });
  const [dialog, setDialog] = useState<
    { kind: "create" } | { kind: "edit"; p: Product } | { kind: "toggle"; p: Product } | null
  >(null);
  const [form, setForm] = useState<Form>(EMPTY);

  function validate(): { name: string; annualRate: string; lockDays: number | null; minAmount: string } {
    const name = form.name.trim();
    if (!name) throw new InputProblem(t("nameRequired"));
    if (!DECIMAL.test(form.annualRate.trim())) throw new InputProblem(t("rateInvalid"));
    if (form.lockDays.trim() && !/^\d{1,5}$/.test(form.lockDays.trim())) throw new InputProblem(t("lockDaysInvalid"));
    if (!DECIMAL.test(form.minAmount.trim() || "0")) throw new InputProblem(t("minAmountInvalid"));
    return {
      name,
      annualRate: form.annualRate.trim(),
      lockDays: form.lockDays.trim() ? Number(form.lockDays.trim()) : null,
      minAmount: form.minAmount.trim() || "0",
    };
  }

  async function confirm(memo: string) {
    if (!dialog) return;
    const headers = memoHeaders(memo);
    if (dialog.kind === "create") {
      const body = validate();
      // An active product above the rate in force is a four-eyes proposal (202 { proposal }; the memo is its reason).
      const r = await api<{ proposal?: unknown } | null>("/api/admin/staking-products", {
        method: "POST",
        body: { coinSymbol: "WLD", ...body },
        headers,
      });
      toast(r?.proposal ? t("createProposedToast", { name: body.name }) : t("createdToast", { name: body.name }), {
        kind: "success",
      });
    } else if (dialog.kind === "edit") {
      const body = validate();
      // A new rate is a four-eyes proposal (202 { proposal }; the memo is its reason): nothing changed yet.
      const r = await api<{ proposal?: unknown } | null>(`/api/admin/staking-products/${dialog.p.id}`, {
        method: "PATCH",
        body,
        headers,
      });
      toast(r?.proposal ? t("proposedToast", { name: body.name }) : t("savedToast", { name: body.name }), {
        kind: "success",
      });
    } else {
      const active = !dialog.p.active;
      // Activating it, or deactivating it over an older product that pays more, raises a rate in force: a proposal.
      const r = await api<{ proposal?: unknown } | null>(`/api/admin/staking-products/${dialog.p.id}`, {
        method: "PATCH",
        body: { active },
        headers,
      });
      const name = dialog.p.name;
      toast(
        r?.proposal
          ? t("changeProposedToast", { name })
          : active
            ? t("activatedToast", { name })
            : t("deactivatedToast", { name }),
        { kind: "success" },
      );
    }
    setDialog(null);
    await refreshQueries(qc, { queryKey: ["admin-ops", "staking-products"] });
  }

  const field = (k: keyof Form) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value })),
  });
  const items = list.data ?? [];
  const waiting = pending.data ?? [];
  const creations = waiting.filter((w) => w.kind === "product_create");
  const changeOf = (id: number) => waiting.find((w) => w.productId === id);
  const COLS = 8;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <Button
          size="sm"
          onClick={() => {
            setForm(EMPTY);
            setDialog({ kind: "create" });
          }}
        >
          {t("create")}
        </Button>
      </PageHeader>
      <TableBox label={t("title")}>
        <thead>
          <tr>
            <th className={th}>{t("col.name")}</th>
            <th className={th}>{t("col.coin")}</th>
            <th className={thNum}>{t("col.rate")}</th>
            <th className={th}>{t("col.lock")}</th>
            <th className={thNum}>{t("col.minAmount")}</th>
            <th className={th}>{t("col.state")}</th>
            <th className={th}>{t("col.updatedAt")}</th>
            <th className={th}>{t("col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          <QueryRows
            query={list}
            cols={COLS}
            count={items.length + creations.length}
            empty={t("empty")}
            errorText={errorText}
            skeletonRows={3}
          >
            {creations.map((w) => (
              <tr key={`p${w.proposalId}`} data-testid={`pending-product-${w.proposalId}`}>
                <td className={`${td} font-medium`}>{w.name}</td>
                <td className={td}>{w.coinSymbol}</td>
                <td className={tdNum}>{w.annualRate}%</td>
                <td className={td}>—</td>
                <td className={tdNum}>{wld(w.minAmount, locale, true)}</td>
                <td className={td}>
                  <span className={AWAITING}>{t("awaitingApproval")}</span>
                </td>
                <td className={td}>{kstDateTime(w.createdAt)}</td>
                <td className={td} />
              </tr>
            ))}
            {items.map((p) => (
              <tr key={p.id} data-testid={`product-${p.id}`}>
                <td className={`${td} font-medium`}>
                  <Truncated text={p.name} max="max-w-[14rem]" />
                </td>
                <td className={td}>{p.coinSymbol}</td>
                <td className={tdNum}>{p.annualRate}%</td>
                <td className={td}>
                  {p.lockDays != null
                    ? t("lockDaysValue", { n: p.lockDays })
                    : p.lockEnd
                      ? kstDateTime(p.lockEnd)
                      : t("lockDefault")}
                </td>
                <td className={tdNum}>{wld(p.minAmount, locale, true)}</td>
                <td className={td}>
                  <span className="inline-flex flex-wrap items-center gap-1">
                    {p.active ? t("active") : t("inactive")}
                    <AwaitingChange change={changeOf(p.id)} />
                  </span>
                </td>
                <td className={td}>{kstDateTime(p.updatedAt)}</td>
                <td className={td}>
                  <span className="inline-flex gap-1">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t("editOf", { name: p.name })}
                      onClick={() => {
                        setForm({
                          name: p.name,
                          annualRate: p.annualRate,
                          lockDays: p.lockDays == null ? "" : String(p.lockDays),
                          minAmount: p.minAmount,
                        });
                        setDialog({ kind: "edit", p });
                      }}
                    >
                      {t("edit")}
                    </Button>
                    <Button
                      size="sm"
                      variant={p.active ? "danger" : "secondary"}
                      aria-label={p.active ? t("deactivateOf", { name: p.name }) : t("activateOf", { name: p.name })}
                      onClick={() => setDialog({ kind: "toggle", p })}
                    >
                      {p.active ? t("deactivate") : t("activate")}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </QueryRows>
        </tbody>
      </TableBox>
      {dialog && (
        <AdminDialog
          open
          title={
            dialog.kind === "create"
              ? t("create")
              : dialog.kind === "edit"
                ? t("editTitle", { name: dialog.p.name })
                : dialog.p.active
                  ? t("deactivate")
                  : t("activate")
          }
          danger={dialog.kind === "toggle" && dialog.p.active}
          onClose={() => setDialog(null)}
          onConfirm={confirm}
        >
          {dialog.kind === "toggle" ? (
            <p className="text-sm break-keep">
              {dialog.p.active
                ? t("deactivateConfirm", { name: dialog.p.name })
                : t("activateConfirm", { name: dialog.p.name })}
            </p>
          ) : (
            <>
              <Input label={t("field.name")} autoComplete="off" {...field("name")} />
              <Input label={t("field.rate")} inputMode="decimal" autoComplete="off" {...field("annualRate")} />
              <Input
                label={t("field.lockDays")}
                inputMode="numeric"
                autoComplete="off"
                hint={t("lockDaysHint")}
                {...field("lockDays")}
              />
              <Input label={t("field.minAmount")} inputMode="decimal" autoComplete="off" {...field("minAmount")} />
              {dialog.kind === "edit" && (
                <p className="text-xs text-gray-600 tabular-nums">
                  {t("beforeAfter", {
                    before: `${dialog.p.annualRate}%`,
                    after: `${form.annualRate || "—"}%`,
                  })}
                </p>
              )}
            </>
          )}
        </AdminDialog>
      )}
    </div>
  );
}

/** `승인 대기` beside a product whose change waits for a second administrator; its title says what it will be. */
function AwaitingChange({ change }: { change: Pending | undefined }) {
  const t = useTranslations("AdminOps.products");
  if (!change) return null;
  const state = change.active ? t("active") : t("inactive");
  return (
    <span className={AWAITING} title={t("awaitingChange", { rate: change.annualRate, state })}>
      {t("awaitingApproval")}
    </span>
  );
}
