"use client";

/**
 * Home: settings gear, the verify/verified banner, the member's WLD at a glance (2 decimals, cut;
 * the wallet has the full figures) with its KRW value, and the WLD price with its chart. A new member with
 * nothing yet sees their first step (verify the ID, receive 1,000 WLD) instead of zeros and instead of the
 * banner (one ID prompt). The spec's "World ID 1개" card is left out: it said nothing a member could use. 새로고침 refetches
 * every query on the screen.
 */
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { Fragment, lazy, Suspense } from "react";
import { useMember } from "@/components/member/member-context";
import { NotificationBell } from "@/components/member/notifications/notification-bell";
import { PriceSection } from "@/components/member/price-section";
import { priceFixed, useCoins, useProfile, useStaked, useWldPrice } from "@/components/member/queries";
import { wldTotalsOf } from "@/components/member/wld-totals";
import { Icon } from "@/components/ui/icon";
import { useToast } from "@/components/ui/toast";
import { krwValueOf } from "@/lib/krw-value";
import { formatKrwText, formatWldText, isZeroFixed } from "@/lib/money-text";

// Lazy: the pinned-notice banner stays out of /home's first-load JavaScript (the member pages' budget).
const PinnedNoticeBanner = lazy(() => import("@/components/member/notices/pinned-notice-banner"));

const ICON_BUTTON =
  "flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent";

function RefreshButton() {
  const t = useTranslations("Home");
  const qc = useQueryClient();
  const toast = useToast();
  const busy = useIsFetching() > 0;
  const refresh = async () => {
    await qc.refetchQueries({ type: "active" });
    // A failed query shows its own error (or, for an ended session, the way to /login): no "up to date".
    if (
      !qc
        .getQueryCache()
        .findAll({ type: "active" })
        .some((q) => q.state.status === "error")
    )
      toast(t("refreshed"));
  };
  return (
    <button
      type="button"
      onClick={refresh}
      aria-label={t("refresh")}
      aria-busy={busy || undefined}
      className={ICON_BUTTON}
    >
      <span className={busy ? "animate-spin motion-reduce:animate-none" : undefined}>
        <Icon round>
          <path d="M20 11a8 8 0 1 0-2.3 5.7" />
          <path d="M20 4v7h-7" />
        </Icon>
      </span>
    </button>
  );
}

/** Whether Home shows the first step (no WLD and no approved ID): then it is the one ID prompt on the screen. */
function useFirstStep(idStatus: string): boolean {
  const coins = useCoins();
  const staked = useStaked();
  if (idStatus === "APPROVED" || coins.isPending || staked.isPending) return false;
  return isZeroFixed(wldTotalsOf(coins.data, staked.data).total);
}

/**
 * The member's WLD (holding + protected lock + the lock's rewards: the wallet's sum) with its KRW value at the
 * price the price card shows, or their first step when they have none and no approved ID.
 */
function Summary({ idStatus }: { idStatus: string }) {
  const t = useTranslations("Home");
  const locale = useLocale() === "en" ? "en-US" : "ko-KR";
  const coins = useCoins();
  const staked = useStaked();
  const wldPrice = useWldPrice();
  if (coins.isPending || staked.isPending) {
    return <div className="skeleton h-28 w-full rounded-2xl" data-testid="home-summary-loading" />;
  }
  const { holding, lock, rewards, total } = wldTotalsOf(coins.data, staked.data);
  const nothing = isZeroFixed(total);
  const priced =
    wldPrice.data && (wldPrice.data.usable || wldPrice.data.seeded) ? priceFixed(wldPrice.data.price) : null;

  if (nothing && idStatus !== "APPROVED") {
    const pending = idStatus === "PENDING";
    return (
      <section aria-labelledby="home-first-step" className="rounded-2xl bg-blue-50 p-4" data-testid="home-first-step">
        <h2 id="home-first-step" className="text-lg font-bold text-gray-900">
          {pending ? t("firstStep.pendingTitle") : t("firstStep.title")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{pending ? t("firstStep.pendingBody") : t("firstStep.body")}</p>
        <AppLink
          href="/verify"
          className="mt-3 flex min-h-11 items-center justify-center rounded-xl bg-brand px-4 text-base font-semibold text-white hover:bg-black"
        >
          {pending ? t("firstStep.pendingCta") : t("firstStep.cta")}
        </AppLink>
      </section>
    );
  }

  return (
    <section aria-labelledby="home-assets" className="rounded-2xl border border-gray-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="home-assets" className="text-sm text-gray-600">
          {t("assets")}
        </h2>
        <AppLink
          href="/wallet"
          className="-mr-2 flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-accent hover:bg-gray-50"
        >
          {t("toWallet")}
          <Icon round>
            <path d="M9 18l6-6-6-6" />
          </Icon>
        </AppLink>
      </div>
      {nothing ? (
        <p className="text-base text-gray-700">{t("assetsEmpty")}</p>
      ) : (
        <>
          <p className="flex flex-wrap items-baseline gap-x-2 tabular-nums">
            <span className="text-2xl font-bold" data-testid="home-total-wld">
              {`${formatWldText(total, false, locale)} WLD`}
            </span>
            {priced && (
              <span className="text-sm text-gray-600" data-testid="home-total-krw">
                {`₩${formatKrwText(krwValueOf(total, priced), locale)}`}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-gray-600 tabular-nums">
            {[
              t("assetsHolding", { amount: formatWldText(holding, false, locale) }),
              t("assetsStaked", { amount: formatWldText(lock, false, locale) }),
              ...(isZeroFixed(rewards) ? [] : [t("assetsRewards", { amount: formatWldText(rewards, false, locale) })]),
            ].map((part, i) => (
              // A part ("Rewards 1.31") never breaks inside; the line breaks between parts.
              <Fragment key={part}>
                {i > 0 && " · "}
                <span className="whitespace-nowrap">{part}</span>
              </Fragment>
            ))}
          </p>
        </>
      )}
    </section>
  );
}

export function HomeScreen() {
  const t = useTranslations("Home");
  const member = useMember();
  const profile = useProfile();
  const router = useRouter();
  const toast = useToast();
  // The profile is fresher than the layout's snapshot (an approval may have landed since).
  const idStatus = profile.data?.idStatus ?? member.idStatus;
  const verified = idStatus === "APPROVED";
  const firstStep = useFirstStep(idStatus);

  const onBanner = () => {
    if (verified) toast(t("alreadyVerified"));
    else router.push("/verify");
  };

  return (
    <main className="flex flex-col gap-4 p-4">
      <header className="flex items-center justify-between">
        <h1 className="text-xl font-bold">{t("title")}</h1>
        <div className="-mr-2 flex items-center">
          <RefreshButton />
          <NotificationBell className={ICON_BUTTON} />
          <AppLink href="/settings" aria-label={t("settings")} className={ICON_BUTTON}>
            <Icon>
              <circle cx="12" cy="12" r="3" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
            </Icon>
          </AppLink>
        </div>
      </header>

      <Suspense fallback={null}>
        <PinnedNoticeBanner />
      </Suspense>

      {/* The first-step card below is the ID prompt of a member with nothing yet: no second one here. */}
      {!firstStep && (
        <button
          type="button"
          onClick={onBanner}
          className={`flex items-center justify-between gap-3 rounded-2xl p-4 text-left text-white ${verified ? "bg-emerald-700" : "bg-gray-900"}`}
        >
          <span>
            <span className="block text-lg font-bold">{verified ? t("bannerVerified") : t("bannerVerify")}</span>
            <span className="block text-sm opacity-90">
              {verified
                ? t("bannerVerifiedSub")
                : idStatus === "PENDING"
                  ? t("bannerPendingSub")
                  : t("bannerVerifySub")}
            </span>
          </span>
          <span className="shrink-0">
            <Icon round>{verified ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M9 18l6-6-6-6" />}</Icon>
          </span>
        </button>
      )}

      <Summary idStatus={idStatus} />

      <h2 className="sr-only">{t("coinPrice")}</h2>
      <PriceSection />
    </main>
  );
}
