/**
 * `npx tsx scripts/make-font.ts`: builds public/fonts/pretendard-ui.woff2, the one font file a first
 * visit downloads (app/lang/[locale]/layout.tsx preloads it through next/font/local).
 *
 * It is Pretendard Variable (weights 400–700, from the npm package: nothing from a font CDN) cut down to
 * the characters the app itself can show: every character of the message files and of the sources
 * (app, components, lib, db), what Intl prints for dates and relative times in Korean and English,
 * printable ASCII, Latin-1 and common punctuation. Text from members (a name, a memo) that needs
 * another glyph falls through to Pretendard's unicode-range chunks (the package's dynamic subset,
 * loaded after hydration by components/fonts/font-fallback.tsx): the browser fetches a chunk only when a
 * page shows one of its characters.
 *
 * Run it again after adding Korean text to the messages: tests/unit/ui-font.test.ts checks that every
 * character of the messages is in the font's character list (lib/i18n/ui-font-chars.txt), and
 * tests/e2e/look.spec.ts that a first load of /home stays within the font budget (150 kB).
 * Needs the `subset-font` devDependency (HarfBuzz's subsetter built to WebAssembly).
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const SOURCE = path.join(root, "node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2");
const OUT = path.join(root, "public/fonts/pretendard-ui.woff2");
const CHARS_OUT = path.join(root, "lib/i18n/ui-font-chars.txt");

/** Emoji and box drawing (source comments): never drawn with this font (icons are SVG). */
const EXCLUDED = /[\u2500-\u257f]|[\u{1f000}-\u{1faff}]|\ufe0f|\u200d/u;

function sourceText(): string {
  let text = "";
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(json|ts|tsx)$/.test(entry.name)) text += fs.readFileSync(full, "utf8");
    }
  };
  for (const dir of ["messages", "app", "components", "lib", "db"]) walk(path.join(root, dir));
  return text;
}

/** What Intl prints for dates, times and relative times (month and weekday names, 오전/오후, 어제 …). */
function intlText(): string {
  let text = "";
  const base = Date.UTC(2025, 0, 5, 3, 4, 5);
  for (const locale of ["ko-KR", "en-US"]) {
    for (let i = 0; i < 14; i++) {
      const d = new Date(base + i * 31 * 86_400_000 + i * 3_600_000 * 7);
      for (const opts of [
        { dateStyle: "full", timeStyle: "long" },
        { dateStyle: "medium", timeStyle: "short" },
        { dateStyle: "short", timeStyle: "short" },
        { month: "long", day: "numeric", weekday: "short" },
        { month: "short", year: "numeric", hour: "numeric", hour12: true },
        { timeZoneName: "short" },
      ] as Intl.DateTimeFormatOptions[]) {
        text += new Intl.DateTimeFormat(locale, { ...opts, timeZone: "Asia/Seoul" }).format(d);
      }
    }
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    for (const unit of ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const) {
      for (const n of [-2, -1, 0, 1, 2]) text += rtf.format(n, unit);
    }
    text += new Intl.NumberFormat(locale, { style: "currency", currency: "KRW" }).format(-1234567.5);
    text += new Intl.NumberFormat(locale, { style: "percent", signDisplay: "always" }).format(0.1234);
  }
  return text;
}

function latin(): string {
  let text = "";
  for (let c = 0x20; c < 0x7f; c++) text += String.fromCharCode(c);
  for (let c = 0xa0; c <= 0xff; c++) text += String.fromCharCode(c);
  // General punctuation (dashes, quotes, bullets, ellipsis, thin spaces), ₩ and the minus sign.
  for (let c = 0x2000; c <= 0x203a; c++) text += String.fromCharCode(c);
  return `${text}₩€−×÷±≤≥≈`;
}

const all = new Set([...`${latin()}${sourceText()}${intlText()}`].filter((ch) => ch >= " " && !EXCLUDED.test(ch)));
const chars = [...all].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join("");
const font = await subsetFont(fs.readFileSync(SOURCE), chars, {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 700, default: 400 } },
  // Tabular figures (tnum) for amounts, kerning, and what Hangul and marks need to shape.
  keepFeatures: ["ccmp", "locl", "kern", "mark", "mkmk", "liga", "calt", "tnum", "ljmo", "vjmo", "tjmo"],
});
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, font);
fs.writeFileSync(CHARS_OUT, `${chars}\n`);
const hangul = [...chars].filter((c) => c >= "\uac00" && c <= "\ud7a3").length;
console.log(
  `${path.relative(root, OUT)}: ${(font.length / 1024).toFixed(1)} kB, ${[...chars].length} characters (${hangul} Hangul syllables)`,
);
