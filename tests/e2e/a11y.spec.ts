/**
 * Automated accessibility check (axe-core, WCAG 2.0/2.1 A + AA) of every public and member screen, in Korean
 * and in English, against the production build: fails on any violation of impact "serious" or "critical" and
 * prints rule id, impact, target and summary of each. Guest screens as a guest; member screens as the seeded
 * `demo` member (ID approved, holds and stakes WLD) and again as a brand-new member (the empty states), the
 * wallet's tabs and its modals open, and the 404 page.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axe } from "./checks";

const LOCALES = ["ko", "en"] as const;
type Locale = (typeof LOCALES)[number];

/** The names the scan clicks through, per language. */
const NAMES = {
  ko: { coin: "코인", staking: "스테이킹", swap: "스왑", withdraw: "출금", buy: "구매" },
  en: { coin: "Coin", staking: "Staking", swap: "Swap", withdraw: "Withdraw", buy: "Buy" },
} as const;

async function useLocale(context: BrowserContext, baseURL: string | undefined, locale: Locale) {
  if (locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
}

async function login(page: Page, userId = "demo", password = "Demo1234!") {
  const r = await page.request.post("/api/login", { data: { userId, password } });
  expect(r.status()).toBe(200);
}

const MEMBER_SCREENS = [
  "/home",
  "/world-id",
  "/settings",
  "/settings/devices",
  "/notices",
  "/wallet-history",
  "/verify",
  "/transfer-request",
  "/no-such-page",
];

test.use({ reducedMotion: "reduce" });

for (const locale of LOCALES) {
  const n = NAMES[locale];

  test.describe(`guest screens (${locale})`, () => {
    for (const path of ["/", "/login", "/signup", "/no-such-page"]) {
      test(`${path} has no serious accessibility violations (${locale})`, async ({ page, context, baseURL }) => {
        await useLocale(context, baseURL, locale);
        await page.goto(path);
        await axe(page, `${path} ${locale}`);
      });
    }
  });

  test.describe(`the demo member's screens (${locale})`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await useLocale(context, baseURL, locale);
      await login(page);
    });

    for (const path of MEMBER_SCREENS) {
      test(`${path} has no serious accessibility violations (${locale})`, async ({ page }) => {
        await page.goto(path);
        await axe(page, `${path} ${locale}`);
      });
    }

    test(`/wallet, each tab and its modals have no serious accessibility violations (${locale})`, async ({ page }) => {
      await page.goto("/wallet");
      await expect(page.getByRole("tab", { name: "World" })).toHaveAttribute("aria-selected", "true");
      await axe(page, `/wallet World ${locale}`);

      await page.getByRole("tab", { name: n.coin }).click();
      await axe(page, `/wallet ${n.coin}`);
      await page.getByRole("button", { name: n.buy, exact: true }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await axe(page, `/wallet buy modal ${locale}`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByRole("button", { name: n.withdraw, exact: true }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await axe(page, `/wallet withdraw modal ${locale}`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.getByRole("tab", { name: n.staking }).click();
      await expect(page.getByTestId("holding-wld")).toBeVisible();
      await axe(page, `/wallet ${n.staking}`);
      await page.getByRole("button", { name: n.swap, exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await axe(page, `/wallet swap modal ${locale}`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });

  test.describe(`a brand-new member's screens (${locale})`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await useLocale(context, baseURL, locale);
      const userId = `ally${locale}${Date.now().toString(36)}`;
      const password = "Empty-State-2026";
      const r = await page.request.post("/api/signup", {
        data: { name: "새회원", userId, password, refId: "WELCOME1" },
      });
      expect(r.status()).toBe(201);
      await login(page, userId, password);
    });

    test(`every member screen's empty state has no serious accessibility violations (${locale})`, async ({ page }) => {
      for (const path of ["/home", "/wallet", "/wallet-history", "/verify", "/settings", "/world-id"]) {
        await page.goto(path);
        await axe(page, `${path} new member ${locale}`);
      }
      await page.goto("/wallet");
      await page.getByRole("tab", { name: n.coin }).click();
      await axe(page, `/wallet ${n.coin} new member`);
      await page.getByRole("tab", { name: n.staking }).click();
      await axe(page, `/wallet ${n.staking} new member`);
    });
  });
}
