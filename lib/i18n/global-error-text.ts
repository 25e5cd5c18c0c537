/**
 * The texts of app/global-error.tsx, which replaces the whole document when the root layout fails and so
 * has no translation provider. They are Common.errorPage's, copied: tests/unit/error-pages.test.ts keeps
 * the two equal. Client-safe.
 */
export const GLOBAL_ERROR_TEXT = {
  ko: {
    title: "문제가 생겼어요",
    body: "일시적인 문제로 화면을 보여 드리지 못했어요. 잠시 후 다시 시도해 주세요.",
    retry: "다시 시도",
    home: "홈으로",
  },
  en: {
    title: "Something went wrong",
    body: "A temporary problem kept this screen from showing. Please try again in a moment.",
    retry: "Try again",
    home: "Go home",
  },
} as const;
