/**
 * The language buttons' flags, drawn as SVG (emoji flags render as empty boxes where no emoji font is
 * installed). Decorative: the button carries the language's name.
 */
const TRIGRAM = { bar: 1.1, gap: 0.8, width: 6 };

/** Three bars of a trigram, centred on (0,0); `broken` lists the bars drawn split in two. */
function Trigram({ broken, transform }: { broken: number[]; transform: string }) {
  const { bar, gap, width } = TRIGRAM;
  return (
    <g transform={transform} fill="#000">
      {[0, 1, 2].map((i) => {
        const y = (i - 1) * (bar + gap) - bar / 2;
        return broken.includes(i) ? (
          <g key={i}>
            <rect x={-width / 2} y={y} width={width / 2 - 0.5} height={bar} />
            <rect x={0.5} y={y} width={width / 2 - 0.5} height={bar} />
          </g>
        ) : (
          <rect key={i} x={-width / 2} y={y} width={width} height={bar} />
        );
      })}
    </g>
  );
}

export function KoreaFlag({ className = "h-4 w-6" }: { className?: string }) {
  // 3:2; the taegeuk and the trigrams sit on the diagonals (atan(2/3) ≈ 33.7°).
  return (
    <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
      <rect width="36" height="24" fill="#fff" />
      <rect x="0.25" y="0.25" width="35.5" height="23.5" fill="none" stroke="#d1d5db" strokeWidth="0.5" />
      <g transform="translate(18 12) rotate(33.69)">
        <path d="M-6 0a6 6 0 0 1 12 0z" fill="#cd2e3a" />
        <path d="M-6 0a6 6 0 0 0 12 0z" fill="#0047a0" />
        <circle cx="-3" cy="0" r="3" fill="#cd2e3a" />
        <circle cx="3" cy="0" r="3" fill="#0047a0" />
      </g>
      <Trigram broken={[]} transform="translate(7.5 5) rotate(-56.31)" />
      <Trigram broken={[0, 1, 2]} transform="translate(28.5 19) rotate(-56.31)" />
      <Trigram broken={[0, 2]} transform="translate(28.5 5) rotate(56.31)" />
      <Trigram broken={[1]} transform="translate(7.5 19) rotate(56.31)" />
    </svg>
  );
}

export function UsFlag({ className = "h-4 w-6" }: { className?: string }) {
  const stripe = 24 / 13;
  return (
    <svg viewBox="0 0 36 24" className={className} aria-hidden="true" focusable="false">
      <rect width="36" height="24" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={i * stripe} width="36" height={stripe} fill="#b22234" />
      ))}
      <rect width="15" height={stripe * 7} fill="#3c3b6e" />
      {[0, 1, 2, 3].map((row) =>
        [0, 1, 2, 3, 4].map((col) => (
          <circle key={`${row}-${col}`} cx={1.9 + col * 2.8} cy={1.8 + row * 3.1} r="0.6" fill="#fff" />
        )),
      )}
    </svg>
  );
}
