"use client";

/**
 * The console's one table: a screen describes its columns (header, cell, alignment) and hands over its rows and
 * the query that loads them; the table draws the header row, skeleton rows while loading, the error or the empty
 * text, and each row. Amounts right-aligned with tabular figures (STYLE: admin screens). The frame (sticky edge
 * columns from 640 px, cards below it) is components/admin/kit/table-box.tsx.
 */
import { kstDate, kstDateTime } from "./format";
import { TableBox } from "./table-box";

const th =
  "whitespace-nowrap border-b border-gray-200 bg-gray-50 px-3 py-2 text-left text-xs font-semibold text-gray-600";
const thNum = `${th} text-right`;
const td = "whitespace-nowrap border-b border-gray-100 px-3 py-2 align-middle";
const tdNum = `${td} text-right tabular-nums`;
const tdWrap = td.replace("whitespace-nowrap", "whitespace-normal break-keep");

/** Attributes a cell or row may carry besides its content: a hover title, test and style hooks. */
type Attrs = { title?: string; className?: string } & { [data: `data-${string}`]: string | boolean | undefined };

export type Column<R> = {
  /** Stable key of the column. */
  key: string;
  /** The header; its text is also each cell's label in the phone card layout. */
  header: React.ReactNode;
  /** The cell of one row. */
  cell: (row: R) => React.ReactNode;
  /** "end": amounts and counts, right-aligned with tabular figures. */
  align?: "start" | "end";
  /** Long text wraps (at word boundaries) instead of widening the column. */
  wrap?: boolean;
  /** The row's name, drawn as its row header (<th scope="row">). */
  rowHeader?: boolean;
  /** Extra attributes of each body cell (a width, a font, a state colour, a test hook), fixed or per row. */
  cellAttrs?: Attrs | ((row: R) => Attrs);
  /** Left out (a column only some roles see). */
  hidden?: boolean;
};

export type TableQuery = { isPending: boolean; isError: boolean; error: unknown };

export function DataTable<R>({
  label,
  columns,
  rows,
  rowKey,
  rowAttrs,
  query,
  empty,
  errorText,
  skeletonRows,
  stickyStart,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => React.Key;
  rowAttrs?: (row: R) => Attrs;
  /** The query the rows come from: skeleton rows while it loads, its error instead of rows. */
  query?: TableQuery;
  /** What an empty list says. */
  empty?: React.ReactNode;
  errorText?: (e: unknown) => React.ReactNode;
  skeletonRows?: number;
  /** How many leading columns stick at the left (2: a selection checkbox and the member). */
  stickyStart?: 1 | 2;
}) {
  const shown = columns.filter((c) => !c.hidden);
  const cols = shown.length;
  let body: React.ReactNode;
  if (query?.isPending) body = <SkeletonRows cols={cols} rows={skeletonRows} />;
  else if (query?.isError) body = <MessageRow cols={cols}>{errorText?.(query.error)}</MessageRow>;
  else if (rows.length === 0 && empty !== undefined) body = <MessageRow cols={cols}>{empty}</MessageRow>;
  else
    body = rows.map((row) => (
      <tr key={rowKey(row)} {...rowAttrs?.(row)}>
        {shown.map((c) => {
          const { className = "", ...attrs } =
            (typeof c.cellAttrs === "function" ? c.cellAttrs(row) : c.cellAttrs) ?? {};
          const base = c.align === "end" ? tdNum : c.wrap ? tdWrap : td;
          const cls = className ? `${base} ${className}` : base;
          return c.rowHeader ? (
            <th key={c.key} scope="row" className={cls} {...attrs}>
              {c.cell(row)}
            </th>
          ) : (
            <td key={c.key} className={cls} {...attrs}>
              {c.cell(row)}
            </td>
          );
        })}
      </tr>
    ));
  return (
    <TableBox label={label} stickyStart={stickyStart}>
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.key} scope="col" className={c.align === "end" ? thNum : th}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </TableBox>
  );
}

/**
 * A column of Korea times ("2026-11-23 09:05", or the day only with `date`), in tabular figures; `by` names who did
 * it under the time, `empty` stands where there is no time ("—" unless given).
 */
export function timeColumn<R>(
  key: string,
  header: React.ReactNode,
  at: (row: R) => string | null | undefined,
  opts: { by?: (row: R) => string | null | undefined; empty?: string; date?: boolean } = {},
): Column<R> {
  return {
    key,
    header,
    cellAttrs: { className: "tabular-nums" },
    cell: (row) => {
      const iso = at(row);
      const who = opts.by?.(row);
      return (
        <>
          {!iso && opts.empty !== undefined ? opts.empty : opts.date ? kstDate(iso) : kstDateTime(iso)}
          {who && <span className="block text-xs text-gray-600">{who}</span>}
        </>
      );
    },
  };
}

/** A long name or text in a cell: cut with an ellipsis at `max` (a Tailwind max-width class), whole on hover. */
export function Truncated({
  text,
  max = "max-w-[12rem]",
  className = "",
}: {
  text: string;
  max?: string;
  className?: string;
}) {
  return (
    <span title={text} className={`inline-block truncate align-bottom ${max} ${className}`}>
      {text}
    </span>
  );
}

function SkeletonRows({ cols, rows = 5 }: { cols: number; rows?: number }) {
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

function MessageRow({ cols, children }: { cols: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={cols} className="whitespace-normal break-keep px-3 py-8 text-center text-sm text-gray-500">
        {children}
      </td>
    </tr>
  );
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
