/**
 * Automated accessibility check (axe-core, WCAG 2.0/2.1 A + AA) of every public and member screen
 * against the production build: fails on any violation of impact "serious" or "critical" and prints
 * rule id, impact, target and summary of each. Guest screens as a guest; member screens, the wallet's
 * three tabs and its swap and transfer modals as the seeded `demo` member; /home once in English.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function login(page: Page) {
  const r = await page.request.post("/api/login", { data: { userId: "demo", password: "Demo1234!" } });
  expect(r.status()).toBe(200);
}

/** Waits until data has arrived: no pending requests, no skeletons, no running count-up. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".skeleton")).toHaveCount(0);
  const total = page.getByTestId("wallet-total");
  if ((await total.count()) > 0) await expect(total).toHaveAttribute("data-final", "true");
  // Let entry transitions (modals, tab panels) finish so colours are read at rest.
  await page.waitForTimeout(400);
}

async function scan(page: Page, where: string) {
  await settle(page);
  // No exclusions: the lightweight-charts canvases and attribution logo pass as they are.
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const lines = bad.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `[${where}] ${v.id} (${v.impact}) ${n.target.join(" ")}: ${(n.failureSummary ?? v.help).replace(/\s+/g, " ")}`,
    ),
  );
  if (lines.length > 0) console.log(lines.join("\n"));
  expect.soft(lines, `${where}: serious/critical accessibility violations`).toEqual([]);
}

test.use({ reducedMotion: "reduce" });

test.describe("guest screens", () => {
  for (const path of ["/", "/login", "/signup"]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await scan(page, path);
    });
  }
});

test.describe("the demo member's screens", () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  for (const path of ["/home", "/world-id", "/settings", "/wallet-history", "/verify", "/transfer-request"]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await scan(page, path);
    });
  }

  test("/wallet, each tab and the swap and transfer modals have no serious accessibility violations", async ({
    page,
  }) => {
    await page.goto("/wallet");
    await expect(page.getByRole("tab", { name: "World" })).toHaveAttribute("aria-selected", "true");
    await scan(page, "/wallet World");
    await page.getByRole("tab", { name: "코인" }).click();
    await scan(page, "/wallet 코인");
    await page.getByRole("tab", { name: "스테이킹" }).click();
    await expect(page.getByTestId("holding-wld")).toBeVisible();
    await scan(page, "/wallet 스테이킹");

    await page.getByRole("button", { name: "SWAP" }).click();
    await expect(page.getByRole("dialog", { name: "WLD 스왑" })).toBeVisible();
    await scan(page, "/wallet swap modal");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "출금" }).click();
    await expect(page.getByRole("dialog", { name: "출금 신청" })).toBeVisible();
    await scan(page, "/wallet transfer modal");
  });

  test("/home in English has no serious accessibility violations", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await scan(page, "/home en");
  });
});
