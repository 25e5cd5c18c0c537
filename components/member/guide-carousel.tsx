"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";

const STEPS = ["register", "wait", "airdrop"] as const;
const SWIPE_PX = 40;
// Class per slide rather than an inline style, so a strict style-src CSP never blocks it.
const SHIFT = ["translate-x-0", "-translate-x-full", "-translate-x-[200%]"] as const;

/** The 3-step guide: register ID → wait for approval → check the 1000 WLD airdrop. Swipe or use the buttons. */
export function GuideCarousel() {
  const t = useTranslations("WorldId.guide");
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const go = (i: number) => setIndex(Math.max(0, Math.min(STEPS.length - 1, i)));

  return (
    <section aria-roledescription="carousel" aria-labelledby="guide-title" className="rounded-2xl bg-gray-50 p-4">
      <h2 id="guide-title" className="mb-2 font-semibold">
        {t("title")}
      </h2>
      <div
        className="overflow-hidden"
        onPointerDown={(e) => {
          startX.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (startX.current === null) return;
          const dx = e.clientX - startX.current;
          startX.current = null;
          if (dx <= -SWIPE_PX) go(index + 1);
          else if (dx >= SWIPE_PX) go(index - 1);
        }}
      >
        <div
          className={`flex transition-transform duration-300 motion-reduce:transition-none ${SHIFT[index]}`}
          aria-live="polite"
        >
          {STEPS.map((s, i) => (
            <section
              key={s}
              aria-roledescription="slide"
              aria-label={t("slideLabel", { n: i + 1, total: STEPS.length })}
              aria-hidden={i !== index}
              className="w-full shrink-0 pr-1"
            >
              <p className="text-xs font-semibold text-accent">STEP {i + 1}</p>
              <p className="text-lg font-bold">{t(`${s}.title`)}</p>
              <p className="text-sm text-gray-600">{t(`${s}.body`)}</p>
            </section>
          ))}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between">
        <button
          type="button"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t("prev")}
          className="rounded-lg px-3 py-1 text-lg disabled:text-gray-300"
        >
          ‹
        </button>
        <div className="flex gap-1">
          {STEPS.map((s, i) => (
            <button
              key={s}
              type="button"
              aria-label={t("slideLabel", { n: i + 1, total: STEPS.length })}
              aria-current={i === index ? "step" : undefined}
              onClick={() => go(i)}
              className="flex h-6 w-6 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={`h-2 w-2 rounded-full ${i === index ? "bg-gray-900" : "bg-gray-300"}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(index + 1)}
          disabled={index === STEPS.length - 1}
          aria-label={t("next")}
          className="rounded-lg px-3 py-1 text-lg disabled:text-gray-300"
        >
          ›
        </button>
      </div>
    </section>
  );
}
