"use client";

/**
 * The maintenance banner (lib/maintenance): on a screen that offers a paused action, the reason and the expected end
 * (KST) before the member types. Reads GET /api/maintenance when it mounts (no-store: a pause made on any instance
 * shows at once). Loaded lazily by the pages (React.lazy) or from inside the lazily loaded money modals, so no
 * page's first load carries it. After the expected end it still shows — the feature stays paused until an
 * administrator resumes it — and says that the end time has passed.
 */
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatKst } from "@/lib/kst-time";
import type { MaintenanceStatus, OpenPause } from "@/lib/maintenance/dto";
import { type Feature, featureKey } from "@/lib/maintenance/features";

export function MaintenanceBanner({ features }: { features: readonly (Feature | null)[] }) {
  const t = useTranslations("Maintenance");
  const locale = useLocale();
  const [pauses, setPauses] = useState<OpenPause[]>([]);
  useEffect(() => {
    let live = true;
    fetch("/api/maintenance", { cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<MaintenanceStatus>) : { pauses: [] }))
      .then((b) => live && setPauses(b.pauses))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  const shown = pauses.filter((p) => features.includes(p.feature));
  if (!shown.length) return null;
  return (
    <div className="mb-3 flex flex-col gap-2">
      {shown.map((p) => {
        const time = formatKst(p.until, locale);
        return (
          <section
            key={p.feature}
            role="status"
            aria-labelledby={`maintenance-${featureKey(p.feature)}`}
            data-testid="maintenance-banner"
            className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            <h2 id={`maintenance-${featureKey(p.feature)}`} className="font-semibold">
              {t("bannerTitle", { feature: t(`feature.${featureKey(p.feature)}`) })}
            </h2>
            <p className="mt-1 whitespace-pre-line break-words">{locale === "en" ? p.reasonEn : p.reasonKo}</p>
            <p className="mt-1">{p.overdue ? t("overdue", { time }) : t("until", { time })}</p>
          </section>
        );
      })}
    </div>
  );
}

export default MaintenanceBanner;
