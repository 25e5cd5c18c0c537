/** app/global-error.tsx has no translation provider: its copied texts must stay those of Common.errorPage. */
import { describe, expect, it } from "vitest";
import { GLOBAL_ERROR_TEXT } from "@/lib/i18n/global-error-text";
import { MESSAGES } from "@/lib/i18n/messages";

describe("error page texts", () => {
  it.each(["ko", "en"] as const)("global-error's %s texts are Common.errorPage's", (locale) => {
    expect(GLOBAL_ERROR_TEXT[locale]).toEqual(MESSAGES[locale].Common.errorPage);
  });
});
