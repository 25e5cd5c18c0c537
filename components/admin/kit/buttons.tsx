"use client";

/** The console's small action buttons: the CSV export (for the roles holding `data.export`) and copy. */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCan } from "./use-can";

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
  const may = useCan();
  if (!may("data.export")) return null;
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
