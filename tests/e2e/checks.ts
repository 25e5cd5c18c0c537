/**
 * Checks the browser tests share: settle (data has arrived), axe (WCAG 2.1 AA; serious or critical fails),
 * sideways scroll and touch-target size.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Data has arrived: no pending requests, no skeletons, no running count-up; entry transitions have finished. */
export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".skeleton")).toHaveCount(0);
  const total = page.getByTestId("wallet-total");
  if ((await total.count()) > 0) await expect(total).toHaveAttribute("data-final", "true");
  // Let entry transitions (modals, tab panels) finish so colours are read at rest.
  await page.waitForTimeout(400);
}

/** axe on the settled page; every serious or critical violation is printed and fails the test (softly). */
export async function axe(page: Page, where: string) {
  await settle(page);
  // No exclusions: the lightweight-charts canvases and attribution logo pass as they are.
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `[${where}] ${v.id} (${v.impact}) ${n.target.join(" ")}: ${(n.failureSummary ?? v.help).replace(/\s+/g, " ")}`,
      ),
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

/** A control a thumb can hit: at least 44 × 44 CSS px. */
export async function expectTouchTarget(locator: Locator, what: string) {
  // Measured once the control is visible and its box has held still for two reads: a page that hydrates or
  // re-renders under a busy machine may replace the element between "found" and "measured" (CI saw a null box
  // right after the bell's name had been read).
  await expect(locator, `${what} is on screen`).toBeVisible();
  let box: { width: number; height: number } | null = null;
  await expect
    .poll(
      async () => {
        const before = await locator.boundingBox();
        const after = await locator.boundingBox();
        box = before && after && before.width === after.width && before.height === after.height ? after : null;
        return box !== null;
      },
      { message: `${what} has a stable box` },
    )
    .toBe(true);
  const { width, height } = box ?? { width: 0, height: 0 };
  expect(height, `${what} height`).toBeGreaterThanOrEqual(44);
  expect(width, `${what} width`).toBeGreaterThanOrEqual(44);
}
