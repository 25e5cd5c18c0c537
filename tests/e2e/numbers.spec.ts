/**
 * Numbers that agree, and words for codes, as a person sees them: the same figure on every screen that shows it (the
 * member's WLD on Home, the coin tab and the staking tab; its KRW value on Home, the wallet total and the coin row; the
 * WLD price on Home, the wallet and at the end of every chart range; one request's KRW value in the member's history
 * and in the console's request queue, by one rule: amount × price cut to whole won), and the words (스왑, not SWAP; no
 * raw WORLDCHAIN / DEPOSIT / OP| codes; no "을(를)"; 1,000 with its comma; no zero countdown; one ID prompt on Home;
 * Pretendard's contextual "0×" off for addresses and numbers) on the member screens in Korean and English.
 * Screenshots go to NUMBERS_SHOTS_DIR (default /tmp/shots/numbers).
 */
import fs from "node:fs";
import Big from "big.js";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { adminPage } from "./admin";
import { signUpMember, useLocale } from "./members";

const SHOTS = process.env.NUMBERS_SHOTS_DIR ?? "/tmp/shots/numbers";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Numbers-E2E-2026";

/** "₩1,927,795" / "1,250.5 WLD" → an exact decimal (text that is no number throws). */
const num = (text: string | null) => new Big((text ?? "").replace(/[^\d.-]/g, "") || "NaN");
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? "").trim();

async function loginAs(page: Page, userId: string, password: string) {
  expect((await page.request.post("/api/login", { data: { userId, password } })).status()).toBe(200);
}

/** Home's figures once loaded: WLD total, its KRW value, the price card. */
async function homeFigures(page: Page) {
  await page.goto("/home");
  await expect(page.getByTestId("home-total-wld")).toBeVisible();
  await expect(page.getByTestId("home-total-krw")).toBeVisible();
  await expect(page.getByTestId("wld-price")).toBeVisible();
  return {
    wld: await text(page, "home-total-wld"),
    krw: await text(page, "home-total-krw"),
    price: await text(page, "wld-price"),
  };
}

test("the demo member's WLD, KRW value and price read the same on Home and every wallet tab", async ({ page }) => {
  await loginAs(page, "demo", "Demo1234!");
  const home = await homeFigures(page);
  // The demo stakes and has accrued rewards: Home's total counts them, as the wallet does.
  expect(home.wld).toMatch(/^[\d,]+(\.\d{1,2})? WLD$/);
  expect(home.krw).toMatch(/^₩[\d,]+$/);
  // The KRW value is the WLD × the headline price, cut to whole won (the app's one KRW rule).
  const staked = (await (await page.request.get("/api/users/demo/staked-coins")).json()) as Array<{
    coinSymbol: string;
    amount: string;
    rewards: string;
  }>;
  const coins = (await (await page.request.get("/api/users/by-id/demo/coins")).json()) as Array<{
    symbol: string;
    amount: string;
  }>;
  const s = staked.find((x) => x.coinSymbol === "WLD")!;
  const exact = new Big(coins.find((c) => c.symbol === "WLD")?.amount ?? 0).plus(s.amount).plus(s.rewards);
  expect(new Big(s.rewards).gt(0), "the demo has rewards (the case that disagreed)").toBe(true);
  expect(num(home.wld).toFixed()).toBe(exact.round(2, Big.roundDown).toFixed());
  expect(num(home.krw).toFixed()).toBe(exact.times(num(home.price)).round(0, Big.roundDown).toFixed());
  await page.screenshot({ path: `${SHOTS}/home-demo-ko.png`, fullPage: true });

  await page.goto("/wallet");
  const total = page.getByTestId("wallet-total");
  await expect(total).toHaveAttribute("data-final", "true");
  // The demo holds only WLD: the wallet's KRW total is Home's KRW value.
  expect(((await total.textContent()) ?? "").trim()).toBe(home.krw);
  await expect(page.getByTestId("wld-price")).toHaveText(home.price);

  await page.getByRole("tab", { name: "코인" }).click();
  const row = page.getByTestId("coin-row-WLD");
  await expect(row).toBeVisible();
  await expect(row.getByTestId("coin-amount-WLD")).toHaveText(home.wld);
  await expect(row).toContainText(home.krw);

  await page.getByRole("tab", { name: "스테이킹" }).click();
  await expect(page.getByTestId("staking-total-wld")).toHaveText(home.wld);

  // Every chart range ends at the headline's price.
  for (const range of ["1d", "1w", "1m"]) {
    const chart = (await (await page.request.get(`/api/price/WLD/chart?range=${range}`)).json()) as {
      points: { value: number }[];
    };
    expect(`₩${Math.trunc(chart.points.at(-1)!.value).toLocaleString("ko-KR")}`, `the ${range} chart's end`).toBe(
      home.price,
    );
  }
});

test("one request's KRW value is the same for the member and in the console's queue", async ({ page, browser }) => {
  await signUpMember(page, { prefix: "num", name: "숫자 회원", password: PASSWORD, funded: true });
  // 10.02 WLD at ₩1,540: a KRW value with a fraction past .5, where rounding and cutting part ways.
  const req = await page.request.post("/api/transfer-requests", {
    data: { coinSymbol: "WLD", amount: "10.02", type: "WITHDRAW" },
  });
  expect(req.status(), await req.text()).toBe(201);
  const id = ((await req.json()) as { request: { id: number } }).request.id;

  const mine = (await (await page.request.get("/api/transfer-requests?page=1&limit=10")).json()) as {
    items: Array<{ id: number; total: string; priceKrw: string | null }>;
  };
  const r = mine.items.find((x) => x.id === id);
  expect(r?.priceKrw, "the request carries its price").toBeTruthy();
  const expected = `₩${new Big(r!.total).times(r!.priceKrw!).round(0, Big.roundDown).toNumber().toLocaleString("ko-KR")}`;

  await page.goto("/wallet-history");
  const memberKrw = page.getByTestId("request-krw").first();
  await expect(memberKrw).toHaveText(expected);
  await page.screenshot({ path: `${SHOTS}/history-request-ko.png`, fullPage: true });

  const admin = await adminPage(browser, test.info().project.use.baseURL!, "admin");
  await admin.goto("/admin/deposits?status=PENDING");
  const adminRow = admin.getByTestId(`request-${id}`);
  await expect(adminRow).toBeVisible();
  await expect(adminRow.locator("td", { hasText: /^₩/ })).toHaveText(expected);
  await admin.context().close();
});

/** A verified member (the 1,000 WLD reward), 200 WLD swapped into the lock, a World Chain payout address. */
async function worldChainMember(page: Page, prefix: string) {
  return signUpMember(page, {
    prefix,
    name: "단어 회원",
    password: PASSWORD,
    funded: true,
    walletAddr: "WORLDCHAIN|Upbit|0x52908400098527886E0F7030069857D2E4169EE7",
  });
}

for (const locale of ["ko", "en"] as const) {
  test(`the member screens use words, not codes (${locale})`, async ({ page, context, baseURL }) => {
    // A member paid out on World Chain (the code that showed raw) with a withdrawal waiting.
    await worldChainMember(page, `w${locale}`);
    const req = await page.request.post("/api/transfer-requests", {
      data: { coinSymbol: "WLD", amount: "10", type: "WITHDRAW" },
    });
    expect(req.status(), await req.text()).toBe(201);
    await useLocale(context, baseURL, locale);

    const RAW = /\b(WORLDCHAIN|DEPOSIT|WITHDRAW|TRANSFER|STAKING|ERC20|APPROVED|PENDING|REJECTED|SWAP)\b|OP\||\|Upbit/;
    const PARTICLE = /\((을|를|이|가|은|는|으)\)/;
    const check = async (where: string) => {
      // Everything the screen will show has loaded (lists render their rows after their skeletons).
      await page.waitForLoadState("networkidle");
      await page.waitForFunction(() => !document.querySelector(".skeleton"), null, { timeout: 15_000 }).catch(() => {});
      // What a person reads (innerText): textContent would include the page's inline data, codes and all.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
      const body = (await page.locator("body").innerText()).replace(/\s+/g, " ");
      expect(body, `${where}: a raw code`).not.toMatch(RAW);
      expect(body, `${where}: a particle left open`).not.toMatch(PARTICLE);
      expect(body, `${where}: 1000 without its comma`).not.toMatch(/(^|[^\d,.])\d{4,}(?= ?WLD)/);
      expect(body, `${where}: a zero countdown`).not.toMatch(/0일 0시간 0분 0초|0d 0h 0m 0s/);
      // Pretendard's contextual alternates are off: "0x" stays "0x" in addresses and figures.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFeatureSettings)).toContain('"calt" 0');
      await page.screenshot({ path: `${SHOTS}/${where.replace(/\W+/g, "-")}-${locale}.png`, fullPage: true });
    };

    await page.goto("/home");
    await expect(page.getByTestId("home-total-wld")).toBeVisible();
    // One ID prompt: the member is verified, so the banner says so and nothing asks for the ID again.
    await expect(page.getByRole("link", { name: /verify|인증/i }).and(page.locator('[href="/verify"]'))).toHaveCount(0);
    await expect(page.getByTestId("world-id-count")).toHaveCount(0);
    await check("home");

    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-total")).toHaveAttribute("data-final", "true");
    await check("wallet-world");
    await page.getByRole("tab", { name: locale === "ko" ? "스테이킹" : "Staking" }).click();
    await expect(page.getByRole("button", { name: locale === "ko" ? "스왑" : "Swap", exact: true })).toBeVisible();
    await expect(page.getByTestId("holding-wld")).toBeVisible();
    await check("wallet-staking");
    await page.getByRole("tab", { name: locale === "ko" ? "코인" : "Coin" }).click();
    await expect(page.getByTestId("coins-total")).toBeVisible();
    await expect(page.getByTestId("lock-countdown")).toHaveCount(0);
    await check("wallet-coin");

    await page.goto("/wallet-history");
    const details = page.getByTestId("request-krw").first();
    await expect(details).toBeVisible();
    await expect(page.getByText(/World Chain · Upbit/).first()).toBeVisible();
    await check("wallet-history");

    for (const path of ["/world-id", "/notifications", "/verify", "/settings"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await check(path.slice(1));
    }
    await expect(page.getByText("World Chain").first()).toBeVisible();
  });
}

test("a new member's Home asks for the ID once", async ({ page }) => {
  await signUpMember(page, { prefix: "once", name: "새 회원", password: PASSWORD, funded: false });
  await page.goto("/home");
  await expect(page.getByTestId("home-first-step")).toBeVisible();
  await expect(page.locator('main [href="/verify"], main button:has-text("World ID 인증하기")')).toHaveCount(1);
  await expect(page.getByRole("main")).not.toContainText("1000 WLD");
  await expect(page.getByRole("main")).toContainText("1,000 WLD");
  await page.screenshot({ path: `${SHOTS}/home-new-ko.png`, fullPage: true });
});
