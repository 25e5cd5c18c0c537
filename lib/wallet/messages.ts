/** Success texts the money calls put in `message` (errors come from messages/<locale>/errors.json). */
import type { Locale } from "@/lib/i18n/config";

const TEXT = {
  ko: {
    requestCreated: "요청이 접수되었습니다. 관리자 승인 후 처리됩니다.",
    depositCreated: "입금 요청이 접수되었습니다.",
  },
  en: {
    requestCreated: "Your request was received and awaits an administrator.",
    depositCreated: "Your deposit request was received.",
  },
} as const;

export function moneyMessage(locale: Locale, key: keyof (typeof TEXT)["ko"]): string {
  return (TEXT[locale as keyof typeof TEXT] ?? TEXT.ko)[key];
}
