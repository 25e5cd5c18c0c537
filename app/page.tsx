import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function WelcomePage() {
  const t = await getTranslations("Welcome");
  return (
    <main className="flex min-h-dvh flex-col justify-between p-6">
      <h1 className="mt-24 text-3xl font-bold leading-snug">{t("tagline")}</h1>
      <div className="flex flex-col gap-3">
        <Link href="/signup" className="rounded-xl bg-black py-4 text-center font-semibold text-white">
          {t("signup")}
        </Link>
        <Link href="/login" className="rounded-xl border py-4 text-center font-semibold">
          {t("login")}
        </Link>
      </div>
    </main>
  );
}
