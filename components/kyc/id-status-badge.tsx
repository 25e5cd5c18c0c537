"use client";

/**
 * The ID-verification badge for Home and World ID: "verified" or "verify World ID", and once approved
 * that the 1000 WLD reward was received. Pass `status` (and `rewardReceived`) when the page already
 * has them; otherwise give `userId` and the badge reads GET /api/users/{userId}/id-document itself.
 * Tapping it while verified calls `onVerifiedClick` (e.g. a toast "already verified"); otherwise it
 * links to /verify.
 */
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { type IdStatus, useIdVerification } from "./use-id-verification";

export type IdStatusBadgeProps = {
  /** The member's login handle; used to fetch the state when `status` is not given. */
  userId?: string;
  status?: IdStatus;
  rewardReceived?: boolean;
  /** "banner" (full width, Home) or "chip" (small, inline). */
  variant?: "banner" | "chip";
  onVerifiedClick?: () => void;
  className?: string;
};

const TONE: Record<IdStatus, string> = {
  APPROVED: "bg-emerald-700 text-white",
  PENDING: "bg-amber-100 text-amber-900",
  REJECTED: "bg-rose-100 text-rose-900",
  NONE: "bg-gray-900 text-white",
};

export function IdStatusBadge({
  userId,
  status,
  rewardReceived,
  variant = "banner",
  onVerifiedClick,
  className = "",
}: IdStatusBadgeProps) {
  const t = useTranslations("Verify.badge");
  const query = useIdVerification(status ? undefined : userId);
  const idStatus = status ?? query.data?.idStatus;
  if (!idStatus) {
    return <div className={`skeleton ${variant === "banner" ? "h-16 w-full" : "h-6 w-24"} ${className}`} />;
  }
  const reward = rewardReceived ?? query.data?.rewardReceived ?? idStatus === "APPROVED";
  const title =
    idStatus === "APPROVED"
      ? t("verified")
      : idStatus === "PENDING"
        ? t("pending")
        : idStatus === "REJECTED"
          ? t("rejected")
          : t("verify");
  const sub = idStatus === "APPROVED" ? (reward ? t("reward") : null) : t("rewardOffer");

  const body =
    variant === "chip" ? (
      <span className="font-semibold">{title}</span>
    ) : (
      <>
        <span>
          <span className="block text-base font-bold">{title}</span>
          {sub && <span className="block text-sm opacity-80">{sub}</span>}
        </span>
        <span className="shrink-0">
          <Icon round>
            {idStatus === "APPROVED" ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M9 18l6-6-6-6" />}
          </Icon>
        </span>
      </>
    );
  const shape =
    variant === "chip"
      ? `inline-flex items-center rounded-full px-3 py-1 text-sm ${TONE[idStatus]}`
      : `flex w-full items-center justify-between rounded-2xl p-4 text-left ${TONE[idStatus]}`;

  if (idStatus === "APPROVED") {
    return onVerifiedClick ? (
      <button type="button" onClick={onVerifiedClick} className={`${shape} ${className}`} data-testid="id-status-badge">
        {body}
      </button>
    ) : (
      <div className={`${shape} ${className}`} data-testid="id-status-badge">
        {body}
      </div>
    );
  }
  return (
    <AppLink href="/verify" className={`${shape} ${className}`} data-testid="id-status-badge">
      {body}
    </AppLink>
  );
}
