"use client";

import dynamic from "next/dynamic";

/** Loads the fallback font rules (./font-fallback.tsx) in the browser, after hydration. */
export const LazyFontFallback = dynamic(() => import("./font-fallback"), { ssr: false });
