"use client";

/**
 * A request's progress (a list labelled `진행 상황` / "Progress"), built from its status changes
 * (GET /api/transfer-requests/{id}/timeline) and its proof (RequestDto.deposit / .payout) by request-steps.ts:
 * a KRW deposit reads 신청 → 입금 확인 (the KRW received, when) → 지급 완료 (the price used); a transfer or
 * withdrawal reads 신청 → 승인 → 송금 중 → 완료, with the transaction hash (shortened; the whole hash in its title
 * and its copy button), a link to the network's block explorer, and `확인 불가` when no RPC endpoint could check it.
 * A failed payout shows its reason. Steps still ahead are shown greyed, so the member sees what comes next.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useErrorText } from "@/components/member/error-text";
import { FormAlert } from "@/components/ui/form-alert";
import type { RequestDto, TimelineEventDto } from "@/lib/wallet/dto";
import { explorerTxUrl } from "@/lib/chain/explorer";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import { formatKrw, formatWld } from "@/lib/money";
import { CopyButton } from "./copy-button";
import { requestSteps, type Step, shortHash } from "./request-steps";

const DOT: Record<Step["state"], string> = {
  done: "border-white bg-gray-900",
  current: "border-accent bg-white ring-2 ring-accent/30",
  todo: "border-gray-300 bg-white",
  stopped: "border-white bg-rose-600",
};

export function RequestTimeline({ r }: { r: RequestDto }) {
  const t = useTranslations("History");
  const locale = useLocale();
  const errorText = useErrorText();
  const q = useQuery({
    // The status and last change are part of the key: a cancel or decision shows its new step at once.
    queryKey: ["request-timeline", r.id, r.status, r.updatedAt],
    queryFn: () => api<TimelineEventDto[]>(`/api/transfer-requests/${r.id}/timeline`),
  });
  if (q.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <div className="skeleton h-5 w-3/4" />
        <div className="skeleton h-5 w-1/2" />
      </div>
    );
  if (q.isError) return <FormAlert>{errorText(q.error)}</FormAlert>;
  const when = (iso: string) => formatKst(iso, locale, { short: true });
  const label = (s: Step) =>
    s.key === "requested"
      ? t("events.PENDING")
      : s.key === "approved"
        ? t("events.APPROVED")
        : s.key === "sending"
          ? t("events.SENDING")
          : s.key === "paid"
            ? t("events.PAID")
            : s.key === "depositConfirmed" || s.key === "credited"
              ? t(`steps.${s.key}`)
              : t(`events.${s.key}`);
  const steps = requestSteps(r, q.data);
  return (
    <ol aria-label={t("progress")} className="relative flex flex-col gap-3 border-l-2 border-gray-200 pl-4">
      {steps.map((s) => (
        <li
          key={s.key}
          className="relative"
          aria-current={s.state === "current" ? "step" : undefined}
          data-testid={`step-${s.key}`}
          data-state={s.state}
        >
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[23px] h-3 w-3 rounded-full border-2 ${DOT[s.state]}`}
          />
          <span
            className={`block font-medium ${s.state === "todo" ? "text-gray-500" : s.state === "stopped" ? "text-rose-700" : ""}`}
          >
            {label(s)}
          </span>
          {s.at && (
            <span className="block text-xs text-gray-600">
              {when(s.at)}
              {s.by && s.key !== "depositConfirmed" ? ` · ${t(`by.${s.by}`)}` : ""}
              {s.reason && s.key !== "FAILED" ? ` · ${s.reason}` : ""}
            </span>
          )}
          <StepDetail r={r} s={s} />
        </li>
      ))}
    </ol>
  );
}

/** What a step adds under its name: amounts, the hash and explorer link, a failure's reason, or what it waits for. */
function StepDetail({ r, s }: { r: RequestDto; s: Step }) {
  const t = useTranslations("History");
  const hint = (text: string) => <span className="block text-xs text-gray-700">{text}</span>;
  switch (s.key) {
    case "depositConfirmed":
      if (s.state === "current") return hint(t("steps.waitingDeposit"));
      return r.deposit?.krwReceived ? (
        <span className="block text-xs tabular-nums text-gray-900" data-testid="krw-received">
          {t("steps.krwReceived", { krw: formatKrw(r.deposit.krwReceived) })}
        </span>
      ) : null;
    case "credited":
      if (s.state === "current") return hint(r.awaitingApproval ? t("awaitingApprovalStep") : t("nextStep"));
      return s.state === "done" && r.priceKrw ? (
        <span className="block text-xs tabular-nums text-gray-900" data-testid="price-used">
          {t("steps.priceUsed", { price: formatKrw(r.priceKrw), amount: formatWld(r.amount, true) })}
        </span>
      ) : null;
    case "approved":
      return s.state === "current" ? hint(r.underReview ? t("underReviewStep") : t("nextStep")) : null;
    case "sending":
      if (r.payout && (r.status === "SENDING" || r.status === "PAID"))
        return <Payout payout={r.payout} waiting={r.status === "SENDING"} />;
      return s.state === "current" ? hint(t("steps.waitingSend")) : null;
    case "FAILED":
      return (
        <span className="block text-xs text-gray-900" data-testid="failed-reason">
          {s.reason ? `${t("steps.failedReason", { reason: s.reason })} ` : ""}
          {t("steps.failedRefund")}
        </span>
      );
    default:
      return null;
  }
}

function Payout({ payout, waiting }: { payout: NonNullable<RequestDto["payout"]>; waiting: boolean }) {
  const t = useTranslations("History");
  const url = explorerTxUrl(payout.network, payout.txHash);
  return (
    <span className="mt-1 flex flex-col gap-1 text-xs" data-testid="payout">
      <span className="flex items-center gap-1">
        <span className="text-gray-600">{t("steps.txHash")}</span>
        <code className="font-mono text-gray-900" title={payout.txHash} data-testid="payout-hash">
          {shortHash(payout.txHash)}
        </code>
        <CopyButton text={payout.txHash} label={t("steps.txHash")} />
        {payout.check === "UNVERIFIED" && (
          <span
            className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900"
            data-testid="payout-unverified"
          >
            {t("steps.unverified")}
          </span>
        )}
      </span>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center self-start font-semibold text-accent underline"
          data-testid="explorer-link"
        >
          {t("steps.explorer")} <span className="sr-only">{t("steps.newWindow")}</span>
        </a>
      )}
      {payout.check === "UNVERIFIED" && <span className="text-gray-700">{t("steps.unverifiedHint")}</span>}
      {waiting && payout.check === "VERIFIED" && (
        <span className="text-gray-700">{t("steps.waitingConfirmations")}</span>
      )}
    </span>
  );
}
