"use client";

/**
 * Building blocks of the operational admin screens beyond components/admin/ui: filter fields (a select, a
 * text or date field that commits on Enter or blur), the CSV export and copy buttons.
 */
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useAdmin } from "@/components/admin/admin-context";
import { can } from "@/lib/auth/permissions";

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
  // What the field shows is what is committed (the DOM's value: text typed before hydration is not in state).
  const commit = (shown: string) => {
    if (shown.trim() !== value) onCommit(shown.trim());
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
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(e.currentTarget.value);
        }}
        className="min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
      />
    </div>
  );
}

/** Downloads an export (an attachment the server audits) without leaving the page. */
export function download(href: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = "";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** `CSV 내보내기`: downloads the export of the current filter (the server audits it). */
export function ExportButton({ href }: { href: string }) {
  const t = useTranslations("AdminOps.common");
  // Only the roles holding `data.export` are offered it (the export routes refuse the others).
  const me = useAdmin();
  if (!can(me.role, "data.export")) return null;
  return (
    <Button variant="secondary" size="sm" onClick={() => download(href)}>
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
