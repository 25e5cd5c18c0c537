"use client";

/**
 * Tables of the admin console: a box that scrolls sideways by itself on a phone (never the page), header and
 * cell classes (tabular figures, right-aligned amounts), skeleton rows while loading, a message row.
 */

export function TableBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="w-full max-w-full overflow-x-auto rounded-xl border border-gray-200 bg-white"
    >
      <table className="w-full min-w-max border-collapse text-sm tabular-nums">{children}</table>
    </section>
  );
}

export const th =
  "whitespace-nowrap border-b border-gray-200 bg-gray-50 px-3 py-2 text-left text-xs font-semibold text-gray-600";
export const thNum = `${th} text-right`;
export const td = "whitespace-nowrap border-b border-gray-100 px-3 py-2 align-middle";
export const tdNum = `${td} text-right tabular-nums`;

export function SkeletonRows({ cols, rows = 5 }: { cols: number; rows?: number }) {
  const r = Array.from({ length: rows }, (_, i) => `r${i}`);
  const c = Array.from({ length: cols }, (_, i) => `c${i}`);
  return (
    <>
      {r.map((rk) => (
        <tr key={rk}>
          {c.map((ck) => (
            <td key={ck} className={td}>
              <div aria-hidden="true" className="skeleton h-4 w-16" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function MessageRow({ cols, children }: { cols: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={cols} className="whitespace-normal break-keep px-3 py-8 text-center text-sm text-gray-500">
        {children}
      </td>
    </tr>
  );
}

/**
 * A table body's states in one place: skeleton rows while the query loads, its error, the empty text, else the
 * rows (`children`, rendered from the query's items).
 */
export function QueryRows({
  query,
  cols,
  count,
  empty,
  errorText,
  skeletonRows,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  cols: number;
  /** How many items there are to show. */
  count: number;
  empty: React.ReactNode;
  errorText: (e: unknown) => string;
  skeletonRows?: number;
  children: React.ReactNode;
}) {
  if (query.isPending) return <SkeletonRows cols={cols} rows={skeletonRows} />;
  if (query.isError) return <MessageRow cols={cols}>{errorText(query.error)}</MessageRow>;
  if (count === 0) return <MessageRow cols={cols}>{empty}</MessageRow>;
  return <>{children}</>;
}

/** The page heading row: the h1 and optional actions. */
export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="break-keep text-xl font-bold">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}
