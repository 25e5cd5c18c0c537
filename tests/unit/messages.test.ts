import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/errors";
import { MESSAGES } from "@/lib/i18n/messages";

function keys(obj: unknown, prefix = ""): string[] {
  if (obj === null || typeof obj !== "object") return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("translations", () => {
  it("English has every key Korean has, and no others", () => {
    expect(keys(MESSAGES.en).sort()).toEqual(keys(MESSAGES.ko).sort());
  });

  it("no message is empty", () => {
    for (const locale of ["ko", "en"] as const) {
      for (const k of keys(MESSAGES[locale])) {
        const value = k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], MESSAGES[locale]);
        expect(typeof value === "string" && value.trim().length > 0, `${locale}:${k}`).toBe(true);
      }
    }
  });

  it("every error code has a message in both languages", () => {
    for (const code of ERROR_CODES) {
      expect(MESSAGES.ko.Errors, code).toHaveProperty(code);
      expect(MESSAGES.en.Errors, code).toHaveProperty(code);
    }
  });
});
