"use client";

/**
 * A link to another screen of the app, for the member and public pages: a real `<a href>` (it works before
 * the scripts have loaded, and a long press, a new tab or a modified click stay the browser's), which after
 * hydration navigates with the App Router (`router.push`: no full page load, scroll to the top) and prefetches
 * its page once it is on screen, as next/link does by default (`router.prefetch`, the same "auto" strategy).
 *
 * Why not next/link: its client code (link.tsx, its URL formatting and utilities, about 3 kB gzip) sits in the
 * first-load JavaScript of every page that has a link, and the member pages' budget is 160 kB (docs/benchmarks.md);
 * the router it drives is in the framework already. The console keeps next/link (no such budget).
 */
import { useRouter } from "next/navigation";
import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useRef } from "react";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: string };

/** A click the browser should handle itself: another button, a modifier (new tab/window), a download or a target. */
function leftToBrowser(e: MouseEvent<HTMLAnchorElement>): boolean {
  const a = e.currentTarget;
  return (
    e.defaultPrevented ||
    e.button !== 0 ||
    e.metaKey ||
    e.ctrlKey ||
    e.shiftKey ||
    e.altKey ||
    (a.target !== "" && a.target !== "_self") ||
    a.hasAttribute("download") ||
    a.origin !== window.location.origin
  );
}

export function AppLink({ href, onClick, ...rest }: Props) {
  const router = useRouter();
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        router.prefetch(href);
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [href, router]);

  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (leftToBrowser(e)) return;
        e.preventDefault();
        router.push(href);
      }}
    />
  );
}
