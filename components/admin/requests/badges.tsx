"use client";

/**
 * The request queue's badges and proofs (/admin/deposits, also the Travel Rule screen): a request's status, 승인
 * 대기, a deposit's 입금자명 and bank statement match, a payout's hash with its block explorer link.
 */
import { useLocale, useTranslations } from "next-intl";
import { explorerTxUrl } from "@/lib/chain/explorer";
import { fmtKrw, kstDateTime } from "@/components/admin/kit/format";
import { CopyButton } from "@/components/admin/kit/buttons";
import { type AdminRequest, shortHash } from "./model";

/** A deposit's 입금자명 and whether a statement line matched it (its time and KRW in the title). */
export function DepositProof({ req }: { req: AdminRequest }) {
  const t = useTranslations("AdminOps.requests");
  const locale = useLocale();
  const d = req.deposit;
  if (!d) return null;
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs" data-testid={`deposit-proof-${req.id}`}>
      {d.depositorName && (
        <span>
          <span className="text-gray-600">{t("depositorName")}</span>{" "}
          <span className="font-semibold" data-testid="depositor-name">
            {d.depositorName}
          </span>
        </span>
      )}
      {d.bankLine ? (
        <span
          className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900"
          title={t("bankLineMatchedHint", {
            at: kstDateTime(d.bankLine.occurredAt),
            krw: fmtKrw(d.bankLine.amountKrw, locale),
          })}
          data-testid="bank-line-matched"
        >
          {t("bankLineMatched")}
        </span>
      ) : (
        req.status !== "PENDING" &&
        req.status !== "EXPIRED" && <span className="text-gray-600">{t("bankLineNone")}</span>
      )}
      {d.krwReceived && (
        <span className="text-gray-700 tabular-nums">
          {t("krwReceivedConfirmed", { krw: fmtKrw(d.krwReceived, locale) })}
        </span>
      )}
    </span>
  );
}

/** A recorded payout: the shortened hash linking to the network's block explorer, and 확인 불가 when unverified. */
export function PayoutProof({ req }: { req: Pick<AdminRequest, "id" | "payout"> }) {
  const t = useTranslations("AdminOps.requests");
  const p = req.payout;
  if (!p) return null;
  const href = explorerTxUrl(p.network, p.txHash);
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs" data-testid={`payout-proof-${req.id}`}>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="font-mono text-blue-700 underline underline-offset-2"
          aria-label={t("explorerLink", { hash: shortHash(p.txHash) })}
          title={p.txHash}
          data-testid="payout-explorer-link"
        >
          {shortHash(p.txHash)}
        </a>
      ) : (
        <span className="font-mono" title={p.txHash}>
          {shortHash(p.txHash)}
        </span>
      )}
      <CopyButton text={p.txHash} label={t("txHashOf", { id: req.id })} />
      {p.check === "UNVERIFIED" ? (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900"
          title={t("unverifiedHint")}
          data-testid="payout-unverified"
        >
          {t("unverified")}
        </span>
      ) : (
        <span className="text-emerald-800">{t("verified")}</span>
      )}
    </span>
  );
}

/** 승인 대기: the deposit's approval waits for a second administrator (the hint says where). */
export function AwaitingBadge({ label, hint }: { label: string; hint: string }) {
  return (
    <span
      className="ml-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900"
      title={hint}
      data-testid="awaiting-approval"
    >
      {label}
    </span>
  );
}

export function StatusBadge({ status, label }: { status: AdminRequest["status"]; label: string }) {
  const tone: Record<AdminRequest["status"], string> = {
    PENDING: "bg-amber-100 text-amber-900",
    APPROVED: "bg-emerald-100 text-emerald-900",
    REJECTED: "bg-rose-100 text-rose-900",
    CANCELLED: "bg-gray-100 text-gray-800",
    EXPIRED: "bg-gray-200 text-gray-900",
    RETURNED: "bg-orange-100 text-orange-900",
    SENDING: "bg-sky-100 text-sky-900",
    PAID: "bg-emerald-100 text-emerald-900",
    FAILED: "bg-rose-100 text-rose-900",
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[status]}`}>{label}</span>;
}
