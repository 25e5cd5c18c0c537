"use client";

/**
 * A KRW value counted up from zero over about 60 frames (spec §2). Each frame shows target ×
 * frame/60 in decimals, cut to whole won; with prefers-reduced-motion the final value shows at once.
 */
import { useEffect, useState } from "react";
import { D, type Dec, formatKrw } from "@/lib/money";

export const COUNT_UP_FRAMES = 60;

export function CountUp({ value, className = "" }: { value: Dec; className?: string }) {
  const target = value.toFixed();
  const [frame, setFrame] = useState(COUNT_UP_FRAMES);

  useEffect(() => {
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduce) {
      setFrame(COUNT_UP_FRAMES);
      return;
    }
    let f = 0;
    let raf = 0;
    setFrame(0);
    const step = () => {
      f += 1;
      setFrame(f);
      if (f < COUNT_UP_FRAMES) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [target]);

  const shown = new D(target).mul(frame).div(COUNT_UP_FRAMES);
  const done = frame >= COUNT_UP_FRAMES;
  return (
    <span className={className}>
      {/* Screen readers get the final figure once, not 60 intermediate ones. */}
      <span aria-hidden="true" data-testid="wallet-total" data-final={done ? "true" : "false"}>
        ₩{formatKrw(shown)}
      </span>
      <span className="sr-only">₩{formatKrw(new D(target))}</span>
    </span>
  );
}
