/** A small rounded state label of the console (정상 운영, 승인 대기, 허용 …); `tone` holds its colours. */
export function Pill({ tone, title, children }: { tone: string; title?: string; children: React.ReactNode }) {
  return (
    <span title={title} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>
      {children}
    </span>
  );
}
