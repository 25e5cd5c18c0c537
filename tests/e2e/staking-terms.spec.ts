/**
 * Staking that promises nothing it cannot keep: the staking tab shows the rate as "연 N% (변동 가능)" with the
 * product's terms one tap away (rewards may change or stop; the lock is not insurance and guarantees no principal),
 * and the welcome terms carry the same paragraph. Korean at 390 px, English at 1280 px; axe on the terms modal.
 * Screenshots in .test-data/screens/staking-terms.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe } from "./checks";
import { useLocale } from "./members";

const SHOTS = ".test-data/screens/staking-terms";
fs.mkdirSync(SHOTS, { recursive: true });

test.use({ reducedMotion: "reduce" });

const T = {
  ko: {
    staking: "스테이킹",
    rate: /^연 [\d.]+% \(변동 가능\)$/,
    terms: "상품 약관",
    termsTitle: "스테이킹 상품 약관",
    stop: "지급이 중단될 수 있고",
    insurance: "예금이나 보험이 아니며",
    viewTerms: "약관 보기",
    welcomeTerms: "보호 잠금은 예금이나 보험이 아니며 원금과 수익을 보장하지 않습니다.",
  },
  en: {
    staking: "Staking",
    rate: /^[\d.]+% a year \(may change\)$/,
    terms: "Product terms",
    termsTitle: "Staking product terms",
    stop: "stop being paid",
    insurance: "It is not a deposit or insurance",
    viewTerms: "View terms",
    welcomeTerms:
      "The protected lock is not a deposit or insurance and does not guarantee the principal or any return.",
  },
} as const;

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

for (const [locale, width] of [
  ["ko", 390],
  ["en", 1280],
] as const) {
  const n = T[locale];

  test(`the staking rate may change and its terms are one tap away (${locale}, ${width} px)`, async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await useLocale(context, baseURL, locale);
    expect((await page.request.post("/api/login", { data: { userId: "demo", password: "Demo1234!" } })).status()).toBe(
      200,
    );
    await page.goto("/wallet");
    await page.getByRole("tab", { name: n.staking }).click();
    const rewards = page.getByRole("region", { name: locale === "ko" ? "스테이킹 보상" : "Staking rewards" });
    await expect(rewards.getByText(n.rate).first()).toBeVisible();
    await shot(page, `staking-${locale}-${width}`);
    await rewards.getByRole("button", { name: n.terms }).click();
    const dialog = page.getByRole("dialog", { name: n.termsTitle });
    await expect(dialog).toContainText(n.stop);
    await expect(dialog).toContainText(n.insurance);
    await axe(page, `staking terms ${locale} ${width}`);
    await shot(page, `terms-${locale}-${width}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test(`the welcome terms say the lock guarantees nothing (${locale})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await useLocale(context, baseURL, locale);
    await page.goto("/");
    await page.getByRole("button", { name: n.viewTerms }).click();
    await expect(page.getByRole("dialog")).toContainText(n.welcomeTerms);
    await axe(page, `welcome terms ${locale} ${width}`);
    await shot(page, `welcome-terms-${locale}-${width}`);
  });
}
