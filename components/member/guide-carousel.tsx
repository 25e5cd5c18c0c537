"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Icon } from "@/components/ui/icon";
import { GUIDE_PICTURES } from "./guide-illustrations";

const STEPS = ["register", "wait", "airdrop"] as const;
const SWIPE_PX = 40;
// Class per slide rather than an inline style, so a strict style-src CSP never blocks it.
const SHIFT = ["translate-x-0", "-translate-x-full", "-translate-x-[200%]"] as const;

/**
 * The illustrated 3-step World ID guide: register ID → wait for approval → check the 1000 WLD airdrop.
 * Swipe or use the buttons. It never moves by itself (nothing to stop under prefers-reduced-motion, no
 * pause control needed); under reduced motion the slide change is instant rather than animated.
 */
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
          {STEPS.map((s, i) => {
            const Picture = GUIDE_PICTURES[s];
            return (
              <section
                key={s}
                aria-roledescription="slide"
                aria-label={t("slideLabel", { n: i + 1, total: STEPS.length })}
                aria-hidden={i !== index}
                inert={i !== index}
                className="w-full shrink-0 pr-1"
                data-testid={`guide-step-${i + 1}`}
              >
                <div className="mb-3 rounded-xl bg-white py-3">
                  <Picture />
                </div>
                <p className="flex items-center gap-2 text-lg font-bold">
                  <span
                    aria-hidden="true"
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gray-900 text-sm text-white"
                  >
                    {i + 1}
                  </span>
                  <span>{t(`${s}.title`)}</span>
                </p>
                <p className="mt-1 text-sm text-gray-600">{t(`${s}.body`)}</p>
              </section>
            );
          })}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between">
        <button
          type="button"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t("prev")}
          className="flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 disabled:text-gray-300"
        >
          <Icon round>
            <path d="M15 18l-6-6 6-6" />
          </Icon>
        </button>
        <div className="flex gap-1">
          {STEPS.map((s, i) => (
            <button
              key={s}
              type="button"
              aria-label={t("slideLabel", { n: i + 1, total: STEPS.length })}
              aria-current={i === index ? "step" : undefined}
              onClick={() => go(i)}
              className="flex h-11 w-8 items-center justify-center"
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
          className="flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 disabled:text-gray-300"
        >
          <Icon round>
            <path d="M9 18l6-6-6-6" />
          </Icon>
        </button>
      </div>
    </section>
  );
}
