"use client";

/**
 * Building blocks of the operational admin screens (requests, ID reviews, codes, staking, audit): the change
 * dialog with its memo, the pager, the table box, skeleton rows, the CSV export and copy buttons.
 */
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/client/api";

/** The memo travels in a header (URI-encoded UTF-8) so every admin change can carry it into its audit row. */
export function memoHeaders(memo: string): Record<string, string> {
  const m = memo.trim();
  return m ? { "x-audit-memo": encodeURIComponent(m) } : {};
}

/** The server's translated message, or a fallback by kind. */
export function useErrorText() {
  const t = useTranslations("AdminOps.common");
  return (e: unknown) => {
    if (e instanceof ApiError) {
      if (e.status === 0) return t("network");
      return e.message || t("failed");
    }
    if (e instanceof Error && e.message) return e.message;
    return t("failed");
  };
}

export type OpsDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Does the change; throw to show the error inside the dialog (it stays open). */
  onConfirm: (memo: string) => Promise<void>;
  children?: React.ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  /** Whether the memo field is offered (every change: yes). */
  memo?: boolean;
  /** Hide the confirm button (e.g. once results are shown). */
  done?: boolean;
};

/**
 * A change dialog: the caller's fields, `메모`, server errors inside, `확인` disabled while the call runs (a
 * double-click sends once), `취소`.
 */
export function OpsDialog({
  open,
  title,
  onClose,
  onConfirm,
  children,
  confirmLabel,
  danger,
  memo = true,
  done = false,
}: OpsDialogProps) {
  const t = useTranslations("AdminOps.common");
  const errorText = useErrorText();
  const memoId = useId();
  const [memoText, setMemoText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  useEffect(() => {
    if (open) {
      setMemoText("");
      setError(null);
      setBusy(false);
      running.current = false;
    }
  }, [open]);

  async function submit(e?: React.FormEvent) {
    e?.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(memoText);
    } catch (err) {
      setError(errorText(err));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={title}
      closeLabel={t("close")}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={onClose} disabled={busy}>
            {done ? t("close") : t("cancel")}
          </Button>
          {!done && (
            <Button
              variant={danger ? "danger" : "primary"}
              size="sm"
              loading={busy}
              onClick={() => void submit()}
              data-testid="ops-dialog-confirm"
            >
              {confirmLabel ?? t("confirm")}
            </Button>
          )}
        </div>
      }
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 break-keep">
        {children}
        {memo && !done && (
          <div className="flex flex-col gap-1">
            <label htmlFor={memoId} className="text-sm font-medium text-gray-700">
              {t("memo")}
            </label>
            <textarea
              id={memoId}
              value={memoText}
              maxLength={500}
              rows={2}
              onChange={(e) => setMemoText(e.target.value)}
              placeholder={t("memoHint")}
              className="rounded-xl border border-gray-300 px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
            />
          </div>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        <button type="submit" hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

/** A labelled multi-line field (reasons). */
export function TextArea({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={2}
        maxLength={500}
        required={required}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-xl border border-gray-300 px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
      />
    </div>
  );
}

/** A labelled select. */
export function Select({
  label,
  value,
  onChange,
  options,
  className = "",
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-gray-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A compact labelled filter field; commits on Enter or blur so typing does not refetch per key. */
export function FilterField({
  label,
  value,
  onCommit,
  type = "text",
  className = "",
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  type?: "text" | "date";
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-gray-600">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (type === "date") onCommit(e.target.value);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
        className="min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
      />
    </div>
  );
}

/** Page numbers in groups of 10 with `이전` / `다음`; the current page is aria-current="page". */
export function OpsPager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (p: number) => void;
}) {
  const t = useTranslations("AdminOps.common");
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const start = Math.floor((page - 1) / 10) * 10 + 1;
  const end = Math.min(pages, start + 9);
  const nums = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const btn = "min-w-9 rounded-lg border border-gray-200 px-2.5 py-1.5 text-sm tabular-nums disabled:text-gray-400";
  return (
    <nav aria-label={t("pages")} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={btn} disabled={start === 1} onClick={() => onPage(start - 1)}>
        {t("prev")}
      </button>
      {nums.map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? "page" : undefined}
          className={`${btn} ${n === page ? "border-gray-900 bg-gray-900 font-semibold text-white" : "bg-white"}`}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className={btn} disabled={end === pages} onClick={() => onPage(end + 1)}>
        {t("next")}
      </button>
    </nav>
  );
}

/** A table that scrolls inside its own box (never the page) on a phone. */
export function TableBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="w-full overflow-x-auto rounded-xl border border-gray-200 bg-white"
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

/** Placeholder rows while a list loads. */
export function SkeletonRows({ cols, rows = 5 }: { cols: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r}>
          {Array.from({ length: cols }, (_, c) => (
            <td key={c} className={td}>
              <div className="skeleton h-4 w-16" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** A row spanning the table: empty list or load error. */
export function MessageRow({ cols, children }: { cols: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={cols} className="px-3 py-8 text-center text-sm text-gray-500 whitespace-normal break-keep">
        {children}
      </td>
    </tr>
  );
}

/** `CSV 내보내기`: downloads the export of the current filter (the server audits it). */
export function ExportButton({ href }: { href: string }) {
  const t = useTranslations("AdminOps.common");
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => {
        const a = document.createElement("a");
        a.href = href;
        a.download = "";
        document.body.appendChild(a);
        a.click();
        a.remove();
      }}
    >
      {t("exportCsv")}
    </Button>
  );
}

/** Copies a text (a wallet address) with a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations("AdminOps.common");
  const toast = useToast();
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast(t("copied"), { kind: "success" });
        } catch {
          toast(t("copyFailed"), { kind: "error" });
        }
      }}
      className="rounded-md border border-gray-200 px-2 py-1 text-xs text-gray-700 hover:bg-gray-50"
    >
      {t("copy")}
    </button>
  );
}

/** The page heading row: title, optional description and actions. */
export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-bold break-keep">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}
