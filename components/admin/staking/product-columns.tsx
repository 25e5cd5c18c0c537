"use client";

/**
 * The columns of the staking products table: a new product waiting for approval (listed first, `승인 대기`, no
 * actions) or a product with its 수정 and 비활성화/활성화.
 */
import { useLocale, useTranslations } from "next-intl";
import { fmtWld, kstDateTime } from "@/components/admin/kit/format";
import { type Column, Truncated } from "@/components/admin/kit/table";
import { Button } from "@/components/ui/button";
import type { PendingProductDto, ProductDto } from "@/lib/staking/dto";

export type ProductRow = { kind: "pending"; w: PendingProductDto } | { kind: "product"; p: ProductDto };
export const AWAITING = "rounded px-1.5 py-0.5 text-xs font-medium ring-1 bg-amber-50 text-amber-800 ring-amber-200";

export const productRowKey = (r: ProductRow) => (r.kind === "pending" ? `p${r.w.proposalId}` : r.p.id);
export const productRowAttrs = (r: ProductRow) => ({
  "data-testid": r.kind === "pending" ? `pending-product-${r.w.proposalId}` : `product-${r.p.id}`,
});

export function useProductColumns({
  changeOf,
  onEdit,
  onToggle,
}: {
  changeOf: (id: number) => PendingProductDto | undefined;
  onEdit: (p: ProductDto) => void;
  onToggle: (p: ProductDto) => void;
}): Column<ProductRow>[] {
  const t = useTranslations("AdminOps.products");
  const locale = useLocale();
  const pick = (
    r: ProductRow,
    pending: (w: PendingProductDto) => React.ReactNode,
    product: (p: ProductDto) => React.ReactNode,
  ) => (r.kind === "pending" ? pending(r.w) : product(r.p));
  return [
    {
      key: "name",
      header: t("col.name"),
      cellAttrs: { className: "font-medium" },
      cell: (r) =>
        pick(
          r,
          (w) => w.name,
          (p) => <Truncated text={p.name} max="max-w-[14rem]" />,
        ),
    },
    { key: "coin", header: t("col.coin"), cell: (r) => (r.kind === "pending" ? r.w : r.p).coinSymbol },
    {
      key: "rate",
      header: t("col.rate"),
      align: "end",
      cell: (r) => `${(r.kind === "pending" ? r.w : r.p).annualRate}%`,
    },
    {
      key: "lock",
      header: t("col.lock"),
      cell: (r) =>
        pick(
          r,
          () => "—",
          (p) =>
            p.lockDays != null
              ? t("lockDaysValue", { n: p.lockDays })
              : p.lockEnd
                ? kstDateTime(p.lockEnd)
                : t("lockDefault"),
        ),
    },
    {
      key: "minAmount",
      header: t("col.minAmount"),
      align: "end",
      cell: (r) => fmtWld((r.kind === "pending" ? r.w : r.p).minAmount, locale, true),
    },
    {
      key: "state",
      header: t("col.state"),
      cell: (r) =>
        pick(
          r,
          () => <span className={AWAITING}>{t("awaitingApproval")}</span>,
          (p) => (
            <span className="inline-flex flex-wrap items-center gap-1">
              {p.active ? t("active") : t("inactive")}
              <AwaitingChange change={changeOf(p.id)} />
            </span>
          ),
        ),
    },
    {
      key: "updatedAt",
      header: t("col.updatedAt"),
      cell: (r) => kstDateTime(r.kind === "pending" ? r.w.createdAt : r.p.updatedAt),
    },
    {
      key: "actions",
      header: t("col.actions"),
      cell: (r) =>
        pick(
          r,
          () => null,
          (p) => (
            <span className="inline-flex gap-1">
              <Button
                size="sm"
                variant="secondary"
                aria-label={t("editOf", { name: p.name })}
                onClick={() => onEdit(p)}
              >
                {t("edit")}
              </Button>
              <Button
                size="sm"
                variant={p.active ? "danger" : "secondary"}
                aria-label={p.active ? t("deactivateOf", { name: p.name }) : t("activateOf", { name: p.name })}
                onClick={() => onToggle(p)}
              >
                {p.active ? t("deactivate") : t("activate")}
              </Button>
            </span>
          ),
        ),
    },
  ];
}

/** `승인 대기` beside a product whose change waits for a second administrator; its title says what it will be. */
function AwaitingChange({ change }: { change: PendingProductDto | undefined }) {
  const t = useTranslations("AdminOps.products");
  if (!change) return null;
  const state = change.active ? t("active") : t("inactive");
  return (
    <span className={AWAITING} title={t("awaitingChange", { rate: change.annualRate, state })}>
      {t("awaitingApproval")}
    </span>
  );
}
