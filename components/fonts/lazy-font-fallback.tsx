"use client";

import { lazy, Suspense, useEffect, useState } from "react";

const FontFallback = lazy(() => import("./font-fallback"));

/**
 * Loads the fallback font rules (./font-fallback.tsx) in the browser, after hydration (never on the server).
 * React.lazy rather than next/dynamic, whose loader would be first-load JavaScript of every page.
 */
export function LazyFontFallback() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <FontFallback />
    </Suspense>
  );
}
