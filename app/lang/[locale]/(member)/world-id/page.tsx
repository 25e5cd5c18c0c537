"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { GuideCarousel } from "@/components/member/guide-carousel";
import { InviteButton } from "@/components/member/invite-button";
import { LogoutButton } from "@/components/member/logout-button";
import { useMember } from "@/components/member/member-context";
import { useProfile } from "@/components/member/queries";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

export default function WorldIdPage() {
  const t = useTranslations("WorldId");
  const member = useMember();
  const profile = useProfile();
  const format = useFormatter();
  const router = useRouter();
  const toast = useToast();
  const status = profile.data?.idStatus ?? member.idStatus;
  const approved = status === "APPROVED";

  const apply = () => {
    if (approved) toast(t("rewardReceived"));
    else if (status === "PENDING") toast(t("status.PENDING"));
    else router.push("/verify");
  };

  return (
    <main className="flex flex-col gap-4 p-4">
      <header className="flex items-center justify-between">
        <h1 className="text-xl font-bold">World ID</h1>
        <LogoutButton />
      </header>

      <section className="rounded-2xl bg-gray-900 p-5 text-white">
        <p className="text-2xl font-bold" data-testid="member-handle">
          @{member.userId}
        </p>
        {profile.data ? (
          <p className="text-sm opacity-80">
            {t("joined", {
              month: format.dateTime(new Date(profile.data.createdAt), { year: "numeric", month: "long" }),
            })}
          </p>
        ) : (
          <div className="skeleton mt-1 h-4 w-28" />
        )}
      </section>

      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border p-4 border-gray-200">
          <p className="text-sm text-gray-500">{t("idCard")}</p>
          <p className={`font-semibold ${approved ? "text-emerald-700" : ""}`} data-testid="id-status">
            {t(`status.${status}`)}
          </p>
        </div>
        <div className="rounded-2xl border p-4 border-gray-200">
          <p className="text-sm text-gray-500">{t("reward")}</p>
          <p className="font-semibold">{approved ? t("rewardReceivedShort") : t("rewardPending")}</p>
        </div>
      </div>

      <section aria-labelledby="apply-title">
        <h2 id="apply-title" className="mb-2 font-semibold">
          {t("listTitle")}
        </h2>
        <ul className="divide-y rounded-xl border border-gray-200 divide-gray-200">
          <li className="flex items-center justify-between gap-3 p-3">
            <span>
              <span className="block font-semibold">{t("airdropItem")}</span>
              <span className="block text-sm text-gray-500">
                {approved ? t("rewardReceived") : t("airdropItemSub")}
              </span>
            </span>
            <Button
              size="sm"
              onClick={apply}
              variant={approved ? "secondary" : "primary"}
              className="min-h-11 shrink-0"
            >
              {t("apply")}
            </Button>
          </li>
        </ul>
      </section>

      <InviteButton variant="primary" />
      <GuideCarousel />
    </main>
  );
}
