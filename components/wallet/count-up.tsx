"use client";

/**
 * A KRW value counted up over about 60 frames (as the spec has it): from zero on first show, from the previous
 * figure when the value changes (a price refresh). Each frame is from + (target − from) × frame/60, exact
 * (BigInt decimals), cut to whole won; with prefers-reduced-motion the final value shows at once.
 * The frames write the text node directly: React renders the card once, not 60 times. The server renders
 * the starting figure, so the card (the page's largest text) paints before any script runs.
 */
import { useEffect, useRef, useState } from "react";
import {
  addFixed,
  type Fixed,
  FIXED_ZERO,
  fixedText,
  formatKrwText,
  mulDivFixed,
  parseDecimal,
  subFixed,
} from "@/lib/money-text";

export const COUNT_UP_FRAMES = 60;

export function CountUp({ value, className = "" }: { value: Fixed; className?: string }) {
  const target = fixedText(value);
  const shown = useRef<HTMLSpanElement>(null);
  const from = useRef<string | null>(null);
  // React owns this text only for the first render; the effect below writes every later frame.
  const [firstText] = useState(() => `₩${formatKrwText(FIXED_ZERO)}`);

  useEffect(() => {
    const node = shown.current;
    if (!node) return;
    const start = from.current ?? "0";
    from.current = target;
    const show = (v: Fixed, done: boolean) => {
      node.textContent = `₩${formatKrwText(v)}`;
      node.dataset.final = done ? "true" : "false";
    };
    const end = parseDecimal(target) ?? FIXED_ZERO;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduce || start === target) {
      show(end, true);
      return;
    }
    const begin = parseDecimal(start) ?? FIXED_ZERO;
    const diff = subFixed(end, begin);
    let frame = 0;
    let raf = 0;
    const step = () => {
      frame += 1;
      const done = frame >= COUNT_UP_FRAMES;
      show(done ? end : addFixed(begin, mulDivFixed(diff, frame, COUNT_UP_FRAMES)), done);
      if (!done) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [target]);

  return (
    <span className={className}>
      {/* Screen readers get the final figure once, not 60 intermediate ones. */}
      <span ref={shown} aria-hidden="true" data-testid="wallet-total" data-final="false">
        {firstText}
      </span>
      <span className="sr-only">₩{formatKrwText(value)}</span>
    </span>
  );
}
