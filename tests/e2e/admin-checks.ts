/** Shared checks of the admin console's browser tests: settle, axe (WCAG 2.1 AA) and sideways scroll. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".skeleton")).toHaveCount(0);
  await page.waitForTimeout(300);
}

export async function axe(page: Page, where: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `[${where}] ${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary ?? v.help}`),
    );
  if (lines.length) console.log(lines.join("\n"));
  expect.soft(lines, `${where}: serious/critical accessibility violations`).toEqual([]);
}

export async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${where}: page scrolls sideways`).toBeLessThanOrEqual(inner);
}
