/**
 * The UI font (public/fonts/pretendard-ui.woff2, built by scripts/make-font.ts) holds every character the
 * message files use, so no screen text falls through to the larger unicode-range chunks.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fontChars = new Set(fs.readFileSync(path.join(root, "lib/i18n/ui-font-chars.txt"), "utf8").trimEnd());

function messageChars(): Set<string> {
  const chars = new Set<string>();
  for (const locale of ["ko", "en"]) {
    const dir = path.join(root, "messages", locale);
    for (const file of fs.readdirSync(dir)) {
      for (const ch of fs.readFileSync(path.join(dir, file), "utf8")) chars.add(ch);
    }
  }
  return chars;
}

describe("UI font subset", () => {
  it("covers every character of the messages (else run: npx tsx scripts/make-font.ts)", () => {
    // Emoji are never drawn with the font (icons are SVG); control characters are not drawn at all.
    const missing = [...messageChars()].filter(
      (ch) => ch >= " " && !/\p{Extended_Pictographic}/u.test(ch) && !fontChars.has(ch),
    );
    expect(missing.join("")).toBe("");
  });

  it("is one small file", () => {
    const bytes = fs.statSync(path.join(root, "public/fonts/pretendard-ui.woff2")).size;
    expect(bytes).toBeLessThan(100 * 1024);
  });
});
