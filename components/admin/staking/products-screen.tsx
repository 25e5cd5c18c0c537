"use client";

/**
 * /admin/staking-products — `스테이킹 상품`: every product; create (a focused dialog), edit, deactivate or
 * reactivate. The daily run enforces the product's minimum amount. A change that raises a rate in force, or a new
 * product that does, waits for a second administrator (SECURITY I39): the row says `승인 대기` until then, and a
 * new product waiting for approval is listed first.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { AdminDialog, InputProblem, memoHeaders, useErrorText } from "@/components/admin/kit/dialog";
import { Field } from "@/components/admin/kit/fields";
import { DataTable, PageHeader } from "@/components/admin/kit/table";
import { type ProductRow, productRowAttrs, productRowKey, useProductColumns } from "./product-columns";
import { refreshQueries } from "@/lib/client/refresh";
import type { PendingProductDto, ProductDto } from "@/lib/staking/dto";

type Product = ProductDto;
/** A product change or a new product waiting for approval, as it will be once approved. */
type Pending = PendingProductDto;
type Form = { name: string; annualRate: string; lockDays: string; minAmount: string };
const EMPTY: Form = { name: "", annualRate: "", lockDays: "", minAmount: "0" };
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

export function StakingProductsScreen() {
  const t = useTranslations("AdminOps.products");
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
    onChange: (v: string) => setForm((f) => ({ ...f, [k]: v })),
  });
  const waiting = pending.data ?? [];
  const rows: ProductRow[] = [
    ...waiting.filter((w) => w.kind === "product_create").map((w) => ({ kind: "pending" as const, w })),
    ...(list.data ?? []).map((p) => ({ kind: "product" as const, p })),
  ];
  const columns = useProductColumns({
    changeOf: (id) => waiting.find((w) => w.productId === id),
    onEdit: (p) => {
      setForm({
        name: p.name,
        annualRate: p.annualRate,
        lockDays: p.lockDays == null ? "" : String(p.lockDays),
        minAmount: p.minAmount,
      });
      setDialog({ kind: "edit", p });
    },
    onToggle: (p) => setDialog({ kind: "toggle", p }),
  });
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
      <DataTable
        label={t("title")}
        columns={columns}
        rows={rows}
        rowKey={productRowKey}
        rowAttrs={productRowAttrs}
        query={list}
        empty={t("empty")}
        errorText={errorText}
        skeletonRows={3}
      />
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
              <Field label={t("field.name")} {...field("name")} />
              <Field label={t("field.rate")} inputMode="decimal" {...field("annualRate")} />
              <Field label={t("field.lockDays")} inputMode="numeric" hint={t("lockDaysHint")} {...field("lockDays")} />
              <Field label={t("field.minAmount")} inputMode="decimal" {...field("minAmount")} />
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
