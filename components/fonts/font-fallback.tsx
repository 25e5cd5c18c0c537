"use client";

// Pretendard's unicode-range chunks (the package's dynamic subset): @font-face rules for the characters the
// UI font (public/fonts/pretendard-ui.woff2) lacks, such as a member's name. Only imported through
// LazyFontFallback, so the 13 kB of rules load after the page is interactive instead of blocking its
// first paint; the browser then fetches a chunk only when the page shows one of its characters.
import "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css";

export default function FontFallback() {
  return null;
}
