/**
 * Maintenance per feature in the browser, against the production build: an administrator pauses swaps in
 * /admin/maintenance (점검 관리), a member opening the swap dialog sees the banner with the reason and the expected end
 * (KST) before typing, and the server refuses the swap with the reason; resuming in the console lifts it. In Korean
 * and English; axe at 390 and 1280 px on /admin/maintenance and on the bannered swap dialog.
 */
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { allowConsole, expect, test } from "./fixtures";
import { axe, settle } from "./checks";
import { adminPage } from "./admin";
import { signUpMember, useLocale } from "./members";

const SHOTS = ".test-data/screens/maintenance";
fs.mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ reducedMotion: "reduce" });

const msg = (locale: string, ns: string) =>
  JSON.parse(fs.readFileSync(`messages/${locale}/${ns}.json`, "utf8")) as Record<string, any>;

async function checkBothSizes(page: Page, name: string) {
  for (const [label, size] of [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    await axe(page, `${name} ${label}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
}

/** 확인, then — while the protected lock still applies — the second step's 스왑하기 (the lock's warning). */
async function confirmSwap(swap: Locator, locale: "ko" | "en") {
  const w = msg(locale, "wallet");
  await swap.getByRole("button", { name: msg(locale, "common").confirm, exact: true }).click();
  const second = swap.getByRole("button", { name: w.swap.confirmSwap });
  // Either the lock's second step, the server's refusal, or (no lock any more) the swap itself closing the dialog.
  await expect
    .poll(
      async () =>
        (await second.isVisible()) || (await swap.getByRole("alert").isVisible()) || !(await swap.isVisible()),
    )
    .toBe(true);
  if (await second.isVisible()) await second.click();
}

for (const locale of ["ko", "en"] as const) {
  test(`an administrator pauses swaps; the member sees why before typing and the server refuses (${locale})`, async ({
    browser,
    baseURL,
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    allowConsole(/status of 503/, "the paused swap is refused on purpose (503 MAINTENANCE)");
    const m = msg(locale, "maintenanceAdmin");
    const f = msg(locale, "maintenance");
    const w = msg(locale, "wallet");
    const swapName = f.feature.swap as string;
    const reasonKo = "스왑 엔진 업데이트";
    const reasonEn = "Swap engine update";

    // The member first (their setup swaps through the API, before the pause).
    await useLocale(context, baseURL, locale);
    await signUpMember(page, {
      prefix: `mt${locale}`,
      name: "점검회원",
      password: "Maint-Test-9",
      funded: true,
      swap: "10",
    });

    const a = await adminPage(browser, baseURL!, "admin", locale);
    try {
      await a.goto("/admin/maintenance");
      await expect(a.getByRole("heading", { name: m.title, level: 1 })).toBeVisible();
      const row = a.getByTestId("maintenance-swap");
      await expect(row).toContainText(m.running);
      await a.getByRole("button", { name: `${m.pause}: ${swapName}` }).click();
      const dialog = a.getByRole("dialog", { name: m.formTitle.replace("{feature}", swapName) });
      await dialog.getByLabel(m.reasonKo).fill(reasonKo);
      await dialog.getByLabel(m.reasonEn).fill(reasonEn);
      await expect(dialog.getByLabel(m.untilLabel)).not.toHaveValue("");
      await dialog.getByRole("button", { name: m.confirmPause, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(m.paused);
      await expect(row).toContainText(reasonKo);
      await checkBothSizes(a, `console-${locale}`);

      // The member's swap dialog says it before the member types.
      await page.goto("/wallet");
      await page.getByRole("tab", { name: w.tabs.staking }).click();
      await page.getByRole("button", { name: w.staking.swapButton, exact: true }).click();
      const swap = page.getByRole("dialog", { name: w.swap.title });
      const banner = swap.getByTestId("maintenance-banner");
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(locale === "en" ? reasonEn : reasonKo);
      await expect(banner).toContainText("KST");
      await expect(banner.getByRole("heading")).toHaveText(f.bannerTitle.replace("{feature}", swapName));
      await expect(swap.getByLabel(w.swap.amount)).toHaveValue("");
      await checkBothSizes(page, `swap-banner-${locale}`);

      // The server refuses all the same, in the member's language.
      await swap.getByLabel(w.swap.amount).fill("1");
      await confirmSwap(swap, locale);
      await expect(swap.getByText(locale === "en" ? reasonEn : reasonKo).last()).toBeVisible();
      await expect(swap.getByRole("alert")).toContainText(locale === "en" ? "paused for maintenance" : "점검 중");
    } finally {
      // Resume in the console (also when the test failed: later tests swap).
      await a.setViewportSize(LAPTOP);
      await a.goto("/admin/maintenance");
      const resume = a.getByRole("button", { name: `${m.resume}: ${swapName}` });
      const pause = a.getByRole("button", { name: `${m.pause}: ${swapName}` });
      await expect(resume.or(pause)).toBeVisible();
      if (await resume.isVisible()) {
        await resume.click();
        const dialog = a.getByRole("dialog", { name: m.resumeTitle.replace("{feature}", swapName) });
        await dialog.getByRole("button", { name: m.confirmResume, exact: true }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(a.getByTestId("maintenance-swap")).toContainText(m.running);
      await a.context().close();
    }
    // Lifted at once: the same dialog swaps now, with no banner.
    await page.goto("/wallet");
    await page.getByRole("tab", { name: w.tabs.staking }).click();
    await page.getByRole("button", { name: w.staking.swapButton, exact: true }).click();
    const swap = page.getByRole("dialog", { name: w.swap.title });
    await swap.getByLabel(w.swap.amount).fill("1");
    await expect(swap.getByTestId("maintenance-banner")).toHaveCount(0);
    await confirmSwap(swap, locale);
    await expect(swap).toBeHidden();
  });
}
