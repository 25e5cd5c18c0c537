/**
 * The frozen account's banner on every member screen (server-rendered in the member layout: no client code): the
 * account is locked (lib/account/freeze.ts), nothing can leave, and the unlock is one tap away. Not shown on the
 * lock page itself, which says it at length.
 */
import { getTranslations } from "next-intl/server";
import { freezeState } from "@/lib/account/freeze";

export async function FrozenBanner({ user, path }: { user: { id: number; twoFactor: boolean }; path: string }) {
  if (path === "/settings/lock") return null;
  const state = await freezeState(user).catch(() => null);
  if (!state?.frozen) return null;
  const t = await getTranslations("Freeze.banner");
  return (
    <section
      aria-labelledby="frozen-banner-title"
      className="mx-4 mt-4 flex flex-col gap-2 rounded-xl border border-rose-200 bg-rose-50 px-3 py-3 text-rose-900"
      data-testid="frozen-banner"
    >
      <h2 id="frozen-banner-title" className="font-bold">
        {t("title")}
      </h2>
      <p className="text-sm">{t("body")}</p>
      <a
        href="/settings/lock"
        className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-rose-700 px-4 text-sm font-semibold text-white hover:bg-rose-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {t("action")}
      </a>
    </section>
  );
}
