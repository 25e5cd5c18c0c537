"use client";

/**
 * A small "copy" button beside a value the member types into a bank app or an exchange (account number, amount,
 * 입금자명, a transaction hash): its accessible name says what it copies, and a toast says it was copied.
 */
import { useTranslations } from "next-intl";
import { useToast } from "@/components/ui/toast";

/** The Clipboard API, or the older selection copy where it is missing (an http page on a LAN address). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const t = useTranslations("Wallet.payIn");
  const toast = useToast();
  return (
    <button
      type="button"
      aria-label={t("copy", { label })}
      data-testid={testId}
      onClick={() =>
        copyText(text).then(
          () => toast(t("copied", { label }), { kind: "success" }),
          () => toast(t("copyFailed"), { kind: "error" }),
        )
      }
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h8" />
      </svg>
    </button>
  );
}
