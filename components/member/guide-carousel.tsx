"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";

const STEPS = ["register", "wait", "airdrop"] as const;

/** The 3-step guide: register ID → wait for approval → check the 1000 WLD airdrop. Swipe or use the buttons. */
export function GuideCarousel() {
  const t = useTranslations("WorldId.guide");
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLDivElement>(null);

  const go = (i: number) => {
    const next = Math.max(0, Math.min(STEPS.length - 1, i));
    setIndex(next);
    const el = track.current;
    if (el) el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
  };

  return (
    <section aria-roledescription="carousel" aria-labelledby="guide-title" className="rounded-2xl bg-gray-50 p-4">
      <h2 id="guide-title" className="mb-2 font-semibold">
        {t("title")}
      </h2>
      <div
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-hidden"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {STEPS.map((s, i) => (
          <section
            key={s}
            aria-roledescription="slide"
            aria-label={t("slideLabel", { n: i + 1, total: STEPS.length })}
            aria-hidden={i !== index}
            className="w-full shrink-0 snap-start"
          >
            <p className="text-xs font-semibold text-accent">STEP {i + 1}</p>
            <p className="text-lg font-bold">{t(`${s}.title`)}</p>
            <p className="text-sm text-gray-600">{t(`${s}.body`)}</p>
          </section>
        ))}
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
        <div className="flex gap-2">
          {STEPS.map((s, i) => (
            <button
              key={s}
              type="button"
              aria-label={t("slideLabel", { n: i + 1, total: STEPS.length })}
              aria-current={i === index ? "step" : undefined}
              onClick={() => go(i)}
              className={`h-2 w-2 rounded-full ${i === index ? "bg-gray-900" : "bg-gray-300"}`}
            />
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
