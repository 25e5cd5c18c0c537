/**
 * The WLD Wallet mark: a white ring holding a "W" on the brand's near-black rounded square.
 * scripts/make-icons.ts draws the favicon, app icons and manifest icons from LOGO_PARTS, so the
 * logo on screen and the icon on a home screen are the same drawing.
 */
export const LOGO_COLORS = { tile: "#111827", mark: "#ffffff" } as const;

/** The mark's strokes on a 64 × 64 grid (without the tile). */
export const LOGO_PARTS = {
  ring: { cx: 32, cy: 32, r: 19, strokeWidth: 4.5 },
  w: { points: "22.5,25.5 27.25,39.5 32,29.5 36.75,39.5 41.5,25.5", strokeWidth: 4.5 },
} as const;

/** The logo as an SVG document; `maskable` draws a full-bleed tile with the mark inside the safe zone. */
export function logoSvg({ size = 64, maskable = false }: { size?: number; maskable?: boolean } = {}): string {
  const { ring, w } = LOGO_PARTS;
  const tile = maskable
    ? `<rect width="64" height="64" fill="${LOGO_COLORS.tile}"/>`
    : `<rect width="64" height="64" rx="15" fill="${LOGO_COLORS.tile}"/>`;
  // A maskable icon may be cut to a circle of 80 % of its width: shrink the mark to stay inside it.
  const mark = maskable ? `<g transform="translate(32 32) scale(0.72) translate(-32 -32)">` : "<g>";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><title>WLD Wallet</title>${tile}${mark}<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="${LOGO_COLORS.mark}" stroke-width="${ring.strokeWidth}"/><polyline points="${w.points}" fill="none" stroke="${LOGO_COLORS.mark}" stroke-width="${w.strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
}

/**
 * The logo mark, inline. Decorative by default (the page's heading names the app); pass `label` when
 * the mark stands alone and must be announced.
 */
export function Logo({ size = 48, className = "", label }: { size?: number; className?: string; label?: string }) {
  const { ring, w } = LOGO_PARTS;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="64" height="64" rx="15" fill={LOGO_COLORS.tile} />
      <circle
        cx={ring.cx}
        cy={ring.cy}
        r={ring.r}
        fill="none"
        stroke={LOGO_COLORS.mark}
        strokeWidth={ring.strokeWidth}
      />
      <polyline
        points={w.points}
        fill="none"
        stroke={LOGO_COLORS.mark}
        strokeWidth={w.strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
