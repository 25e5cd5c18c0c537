/**
 * `npx tsx scripts/make-icons.ts`: draws every icon file from the one logo (components/ui/logo.tsx) with
 * sharp, and writes them where Next and browsers look for them. The outputs are committed; run this
 * again only when the logo changes.
 *   app/icon.svg                  the favicon link Next adds to every page (<link rel="icon">)
 *   app/apple-icon.png            180 × 180, iOS home screen
 *   public/favicon.ico            16, 32 and 48 px, for clients that ask for /favicon.ico
 *   public/icons/icon-{192,512}.png, public/icons/maskable-{192,512}.png   the web app manifest's icons
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { logoSvg } from "@/components/ui/logo";

const root = path.resolve(import.meta.dirname, "..");
const out = (p: string) => {
  const full = path.join(root, p);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  return full;
};

const png = (size: number, maskable = false) =>
  sharp(Buffer.from(logoSvg({ size, maskable })), { density: 72 * Math.max(1, size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An .ico holding PNG images (supported by every browser since IE Vista-era). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt8(0, e + 2); // no palette
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

fs.writeFileSync(out("app/icon.svg"), `${logoSvg()}\n`);
fs.writeFileSync(out("app/apple-icon.png"), await png(180, true));
for (const size of [192, 512]) {
  fs.writeFileSync(out(`public/icons/icon-${size}.png`), await png(size));
  fs.writeFileSync(out(`public/icons/maskable-${size}.png`), await png(size, true));
}
const favicons = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) })));
fs.writeFileSync(out("public/favicon.ico"), ico(favicons));
console.log("icons written: app/icon.svg, app/apple-icon.png, public/favicon.ico, public/icons/*.png");
