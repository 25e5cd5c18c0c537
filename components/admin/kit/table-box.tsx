"use client";

/**
 * The scrolling frame of every console table (components/admin/kit/table.tsx builds the rows). From
 * app/globals.css (`.admin-table`):
 * - from 640 px, when the table is wider than its box (`data-overflow`, measured here), the first column (the
 *   member, or the row's name) sticky at the left and the last (the actions) sticky at the right while the rest
 *   scrolls under them, so 승인/반려 are always reachable;
 * - below 640 px, each row as a card: one "label  value" line per cell, the label being the column's header,
 *   copied onto each cell as `data-label` here (so no screen has to repeat its headers).
 */
import { useEffect, useRef } from "react";

/** Copies each column's header text onto the body cells of that column as `data-label` (the card layout's labels). */
function labelCells(table: HTMLTableElement) {
  const heads = table.tHead?.rows[0];
  if (!heads) return;
  const labels: string[] = [];
  for (const cell of Array.from(heads.cells)) {
    const text = (cell.textContent ?? "").trim();
    for (let i = 0; i < cell.colSpan; i++) labels.push(text);
  }
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let col = 0;
      for (const cell of Array.from(row.cells)) {
        const label = cell.colSpan > 1 ? "" : (labels[col] ?? "");
        if (cell.getAttribute("data-label") !== label) cell.setAttribute("data-label", label);
        col += cell.colSpan;
      }
    }
  }
}

export function TableBox({
  label,
  stickyStart = 1,
  children,
}: {
  label: string;
  /** How many leading columns stick at the left (2: a selection checkbox and the member). */
  stickyStart?: 1 | 2;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLTableElement>(null);
  const boxRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const table = ref.current;
    const box = boxRef.current;
    if (!table || !box) return;
    // The edge columns stick (with their divider) only while the table is wider than its box.
    const measure = () => {
      const over = box.scrollWidth > box.clientWidth + 1;
      if (box.hasAttribute("data-overflow") !== over) box.toggleAttribute("data-overflow", over);
      // The second sticky column starts where the first ends.
      const first = table.tHead?.rows[0]?.cells[0];
      if (first) table.style.setProperty("--sticky-2", `${first.getBoundingClientRect().width}px`);
    };
    const update = () => {
      labelCells(table);
      measure();
    };
    update();
    // Rows come and go with the queries: label the new ones (attribute changes are not observed, so no loop).
    const observer = new MutationObserver(update);
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    const resize = new ResizeObserver(measure);
    resize.observe(box);
    resize.observe(table);
    return () => {
      observer.disconnect();
      resize.disconnect();
    };
  }, []);
  return (
    <section
      ref={boxRef}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="admin-table-box w-full max-w-full overflow-x-auto rounded-xl border border-gray-200 bg-white"
    >
      <table
        ref={ref}
        data-sticky-start={stickyStart}
        className="admin-table w-full min-w-max border-collapse text-sm tabular-nums"
      >
        {children}
      </table>
    </section>
  );
}
