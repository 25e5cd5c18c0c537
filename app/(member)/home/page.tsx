"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMember } from "@/components/member/member-context";
import { PriceSection } from "@/components/member/price-section";
import { useProfile } from "@/components/member/queries";
import { Icon } from "@/components/ui/icon";
import { useToast } from "@/components/ui/toast";

export default function HomePage() {
  const t = useTranslations("Home");
  const member = useMember();
  const profile = useProfile();
  const router = useRouter();
  const toast = useToast();
  // The profile is fresher than the layout's snapshot (an approval may have landed since).
  const idStatus = profile.data?.idStatus ?? member.idStatus;
  const verified = idStatus === "APPROVED";

  const onBanner = () => {
    if (verified) toast(t("alreadyVerified"));
    else router.push("/verify");
  };

  return (
    <main className="flex flex-col gap-4 p-4">
      <header className="flex items-center justify-between">
        <h1 className="text-xl font-bold">{t("title")}</h1>
        <Link href="/settings" aria-label={t("settings")} className="rounded-lg p-2 text-gray-700 hover:bg-gray-100">
          <Icon>
            <circle cx="12" cy="12" r="3" />
            <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
          </Icon>
        </Link>
      </header>

      <button
        type="button"
        onClick={onBanner}
        className={`flex items-center justify-between rounded-2xl p-4 text-left text-white ${verified ? "bg-emerald-700" : "bg-gray-900"}`}
      >
        <span>
          <span className="block text-lg font-bold">{verified ? t("bannerVerified") : t("bannerVerify")}</span>
          <span className="block text-sm opacity-90">
            {verified ? t("bannerVerifiedSub") : idStatus === "PENDING" ? t("bannerPendingSub") : t("bannerVerifySub")}
          </span>
        </span>
        <span aria-hidden="true" className="text-2xl">
          {verified ? "✓" : "›"}
        </span>
      </button>

      <div className="flex items-center justify-between rounded-2xl bg-gray-50 p-4">
        <p className="text-sm text-gray-500">{t("worldIdCount")}</p>
        {profile.isPending ? (
          <div className="skeleton h-7 w-12" />
        ) : (
          <p className="text-2xl font-bold" data-testid="world-id-count">
            {t("worldIdCountValue", { count: verified ? 1 : 0 })}
          </p>
        )}
      </div>

      <h2 className="sr-only">{t("coinPrice")}</h2>
      <PriceSection />
    </main>
  );
}
