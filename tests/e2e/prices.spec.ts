/**
 * The price card and chart on /home against the production build, with the feeds pointed at the
 * fake exchange (playwright.config.ts): WLD = 1.1 USDT × 1,400 KRW = ₩1,540.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function login(page: Page) {
  const r = await page.request.post("/api/login", { data: { userId: "demo", password: "Demo1234!" } });
  expect(r.status()).toBe(200);
}

test("home shows the KRW price, its change and a chart with 1일/1주/1개월 ranges", async ({ page }) => {
  await login(page);
  await page.goto("/home");
  await expect(page.getByTestId("wld-price")).toHaveText("₩1,540");
  await expect(page.getByTestId("prices-as-of")).toHaveCount(0); // fresh prices: no "as of" note

  const day = page.getByRole("button", { name: "1일" });
  const week = page.getByRole("button", { name: "1주" });
  const month = page.getByRole("button", { name: "1개월" });
  await expect(day).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("canvas").first()).toBeVisible();
  await expect(page.getByTestId("chart-change")).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  // lightweight-charts' attribution stays on the chart.
  await expect(page.locator('a[href*="tradingview"]').first()).toBeAttached();

  const chartAnswer = page.waitForResponse((r) => r.url().includes("/api/price/WLD/chart?range=1m"));
  await month.click();
  const body = await (await chartAnswer).json();
  expect(body.points).toHaveLength(4);
  await expect(month).toHaveAttribute("aria-pressed", "true");
  await expect(week).toHaveAttribute("aria-pressed", "false");
  const sign = body.changePercent > 0 ? "+" : "";
  await expect(page.getByTestId("chart-change")).toHaveText(`${sign}${body.changePercent.toFixed(2)}%`);
  await page.screenshot({ path: `${process.env.PRICE_SHOTS_DIR ?? "/tmp/wld-price-screens"}/home-prices.png` });
});

test("the price routes answer guests", async ({ request }) => {
  const price = await (await request.get("/api/price/WLD")).json();
  expect(price).toMatchObject({ symbol: "WLD", price: 1540, usdtKrw: 1400 });
  const prices = await (await request.get("/api/prices")).json();
  expect(prices.prices).toMatchObject({ WLD: 1540, USDT: 1400, BTC: 132000000 });
});
