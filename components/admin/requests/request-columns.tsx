"use client";

/**
 * The columns of the request queue (/admin/deposits): a selection checkbox on PENDING rows, the member, type, coin,
 * amounts (right-aligned), KRW value at request time, network, exchange, address (shortened, copyable), status with
 * its badges and proofs, age, and the row's decisions.
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { CopyButton } from "@/components/admin/kit/buttons";
import { ageOf, fmtKrw, fmtWld, kstDateTime } from "@/components/admin/kit/format";
import { type Column, Truncated } from "@/components/admin/kit/table";
import { useNetworkName } from "@/components/admin/kit/words";
import { Button } from "@/components/ui/button";
import { AwaitingBadge, DepositProof, PayoutProof, StatusBadge } from "./badges";
import type { AdminRequest, Decision } from "./model";
import { TravelRuleBadge } from "./travel-rule-details";

type Open = (next: { kind: Decision["action"]; req: AdminRequest }) => void;

export function useRequestColumns({
  selected,
  toggle,
  allSelected,
  noneSelectable,
  toggleAll,
  open,
}: {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  allSelected: boolean;
  noneSelectable: boolean;
  toggleAll: () => void;
  open: Open;
}): Column<AdminRequest>[] {
  const t = useTranslations("AdminOps.requests");
  const networkName = useNetworkName();
  const locale = useLocale();
  const amount = (key: "amount" | "fee" | "total"): Column<AdminRequest> => ({
    key,
    header: t(`col.${key}`),
    align: "end",
    cell: (r) => fmtWld(r[key], locale, true),
  });
  return [
    {
      key: "select",
      header: (
        <input
          type="checkbox"
          aria-label={t("selectAll")}
          checked={allSelected}
          disabled={noneSelectable}
          onChange={toggleAll}
        />
      ),
      cell: (r) =>
        r.status === "PENDING" && (
          <input
            type="checkbox"
            aria-label={t("select", { id: r.id, userId: r.user.userId })}
            checked={selected.has(r.id)}
            onChange={() => toggle(r.id)}
          />
        ),
    },
    {
      key: "member",
      header: t("col.member"),
      cell: (r) => (
        <>
          <span className="font-medium">{r.user.userId}</span>
          <Truncated text={r.user.name} max="max-w-[8rem]" className="ml-1 text-xs text-gray-500" />
          {r.deposit && <DepositProof req={r} />}
        </>
      ),
    },
    {
      key: "type",
      header: t("col.type"),
      cell: (r) => (
        <>
          {t(`type.${r.type}`)}
          {r.travelRule && <TravelRuleBadge />}
        </>
      ),
    },
    { key: "coin", header: t("col.coin"), cell: (r) => r.coinSymbol },
    amount("amount"),
    amount("fee"),
    amount("total"),
    {
      key: "krw",
      header: t("col.krw"),
      align: "end",
      cell: (r) => (r.krwValue ? `₩${fmtKrw(r.krwValue, locale)}` : "—"),
    },
    { key: "network", header: t("col.network"), cell: (r) => networkName(r.wallet?.network) },
    { key: "exchange", header: t("col.exchange"), cell: (r) => r.wallet?.exchange || "—" },
    {
      key: "address",
      header: t("col.address"),
      cell: (r) => {
        const address = r.wallet?.address;
        if (!address) return "—";
        return (
          <span className="inline-flex items-center gap-1">
            <span className="font-mono text-xs" title={address}>
              {address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-4)}` : address}
            </span>
            <CopyButton text={address} label={t("copyAddress", { id: r.id })} />
          </span>
        );
      },
    },
    {
      key: "status",
      header: t("col.status"),
      cell: (r) => (
        <>
          <StatusBadge status={r.status} label={t(`status.${r.status}`)} />
          {r.pendingProposalId !== null && (
            <AwaitingBadge label={t("awaitingApproval")} hint={t("awaitingApprovalHint")} />
          )}
          {r.reason && <span className="ml-1 text-xs text-gray-500">{r.reason}</span>}
          {r.payout && <PayoutProof req={r} />}
        </>
      ),
    },
    {
      key: "age",
      header: t("col.age"),
      cell: (r) => {
        const age = ageOf(r.createdAt);
        return (
          <>
            <span className="block">{t(`age.${age.unit}`, { n: age.n })}</span>
            <span className="block text-xs text-gray-600">{kstDateTime(r.createdAt)}</span>
          </>
        );
      },
    },
    { key: "actions", header: t("col.actions"), cell: (r) => <RequestActions r={r} open={open} /> },
  ];
}

/**
 * A row's decisions: 송금 완료/실패 처리 for an APPROVED transfer or withdraw; 승인 (or the link to /admin/approvals
 * when a proposal waits), 반려 and 반환 처리 for a PENDING or EXPIRED one. Each button is described by the row.
 */
function RequestActions({ r, open }: { r: AdminRequest; open: Open }) {
  const t = useTranslations("AdminOps.requests");
  const who = `req-${r.id}-who`;
  const description = (
    <span id={who} hidden>
      {t("rowDescription", { id: r.id, userId: r.user.userId })}
    </span>
  );
  if (r.status === "APPROVED" && r.type !== "DEPOSIT")
    return (
      <span className="inline-flex flex-wrap gap-1">
        <Button size="sm" onClick={() => open({ kind: "payout", req: r })} aria-describedby={who}>
          {t("payout")}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => open({ kind: "fail", req: r })} aria-describedby={who}>
          {t("fail")}
        </Button>
        {description}
      </span>
    );
  if (r.status !== "PENDING" && r.status !== "EXPIRED") return null;
  return (
    <span className="inline-flex gap-1">
      {r.pendingProposalId !== null ? (
        <Link
          href="/admin/approvals?status=PENDING"
          className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-blue-700 underline underline-offset-2"
          aria-describedby={who}
        >
          {t("openApprovals")}
        </Link>
      ) : (
        <Button size="sm" onClick={() => open({ kind: "approve", req: r })} aria-describedby={who}>
          {t("approve")}
        </Button>
      )}
      {r.status === "PENDING" && (
        <Button size="sm" variant="secondary" onClick={() => open({ kind: "reject", req: r })} aria-describedby={who}>
          {t("reject")}
        </Button>
      )}
      {r.status === "PENDING" && r.type !== "DEPOSIT" && (
        <Button size="sm" variant="secondary" onClick={() => open({ kind: "return", req: r })} aria-describedby={who}>
          {t("return")}
        </Button>
      )}
      {description}
    </span>
  );
}
