/**
 * Screenshots of the screens the budgets work changed (/home, /wallet and its lazy tabs, the first paint
 * without JavaScript) at 390 × 844 in Korean and English, for a person to look at.
 *   tsx bench/support/shots.ts [dir]   (default /tmp/shots/budget; serves the build like the benches)
 */
import { chromium } from "@playwright/test";
import { CHROMIUM, demoSessionCookie, QUIET_CHROMIUM_FLAGS, startApp } from "./pages";

const dir = process.argv[2] ?? "/tmp/shots/budget";

async function main() {
  const app = await startApp();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: QUIET_CHROMIUM_FLAGS });
  try {
    const host = new URL(app.baseUrl).hostname;
    const session = await demoSessionCookie(app.baseUrl);
    for (const locale of ["ko", "en"] as const) {
      for (const js of [true, false]) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 1,
          locale: locale === "en" ? "en-US" : "ko-KR",
          timezoneId: "Asia/Seoul",
          javaScriptEnabled: js,
        });
        const cookies = [{ ...session, domain: host, path: "/" }];
        if (locale === "en") cookies.push({ name: "NEXT_LOCALE", value: "en", domain: host, path: "/" });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const tag = `${locale}${js ? "" : "-nojs"}`;
        await page.goto(`${app.baseUrl}/home`);
        if (js) await page.waitForLoadState("networkidle");
        await page.waitForTimeout(js ? 1500 : 300);
        await page.screenshot({ path: `${dir}/home-${tag}.png` });
        await page.goto(`${app.baseUrl}/wallet`);
        if (js) {
          await page.locator('[data-testid="wallet-total"][data-final="true"]').waitFor();
          await page.waitForLoadState("networkidle");
        }
        await page.waitForTimeout(js ? 1500 : 300);
        await page.screenshot({ path: `${dir}/wallet-${tag}.png` });
        if (js) {
          for (const [i, name] of ["staking", "coin"].entries()) {
            await page.locator(`#wallet-tab-${name}`).click();
            await page.waitForLoadState("networkidle");
            await page.waitForTimeout(500);
            await page.screenshot({ path: `${dir}/wallet-${name}-${tag}.png`, fullPage: i >= 0 });
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
