"use client";

/**
 * A KRW value counted up over about 60 frames (spec §2): from zero on first show, from the previous
 * figure when the value changes (a price refresh). Each frame is from + (target − from) × frame/60 in
 * decimals, cut to whole won; with prefers-reduced-motion the final value shows at once.
 */
import { useEffect, useRef, useState } from "react";
import { D, type Dec, formatKrw } from "@/lib/money";

export const COUNT_UP_FRAMES = 60;

export function CountUp({ value, className = "" }: { value: Dec; className?: string }) {
  const target = value.toFixed();
  const from = useRef("0");
  const [anim, setAnim] = useState({ from: "0", frame: 0 });

  useEffect(() => {
    const start = from.current;
    from.current = target;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduce || start === target) {
      setAnim({ from: target, frame: COUNT_UP_FRAMES });
      return;
    }
    let f = 0;
    let raf = 0;
    setAnim({ from: start, frame: 0 });
    const step = () => {
      f += 1;
      setAnim({ from: start, frame: f });
      if (f < COUNT_UP_FRAMES) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [target]);

  const start = new D(anim.from);
  const shown = start.add(new D(target).sub(start).mul(anim.frame).div(COUNT_UP_FRAMES));
  const done = anim.frame >= COUNT_UP_FRAMES;
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
