import localFont from "next/font/local";

// Pretendard Variable (400–700) cut to the characters the app itself shows (scripts/make-font.ts):
// one preloaded file of about 65 kB instead of three full weights. The few characters it lacks (a
// member's name, a memo) come from Pretendard's unicode-range chunks, whose rules LazyFontFallback
// loads after hydration. Used by the document (app/lang/[locale]/layout.tsx) and the unknown address's 404.
export const pretendard = localFont({
  src: "../public/fonts/pretendard-ui.woff2",
  weight: "400 700",
  variable: "--font-pretendard",
  display: "swap",
});
