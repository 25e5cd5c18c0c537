/**
 * The admin console's shell and dashboard against the production build, as the seeded `admin`: the `관리자 메뉴`
 * navigation (sidebar at 1280 px, menu button at 390 px) with every link and aria-current, copying and changing
 * the administrator's own referral code, English, the dashboard's figure cards and sign-ups chart, axe and the
 * 390 px sideways-scroll check. One login per file, reused. Screenshots go to ADMIN_SHOTS_DIR
 * (default /tmp/wld-admin-members).
 */
import fs from "node:fs";
import { staffState } from "./admin";
import { expect, test } from "./fixtures";
import { axe, noSidewaysScroll, settle } from "./checks";

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? "/tmp/wld-admin-members";
fs.mkdirSync(SHOTS, { recursive: true });

const LINKS: [string, string][] = [
  ["대시보드", "/admin"],
  ["회원 관리", "/admin/members"],
  ["입출금 요청", "/admin/deposits"],
  ["신분증 심사", "/admin/id-reviews"],
  ["추천인 코드", "/admin/signup-codes"],
  ["스테이킹 상품", "/admin/staking-products"],
  ["스테이킹 현황", "/admin/staking-progress"],
  ["스테이킹 기록", "/admin/staking-records"],
  ["스테이킹 보상", "/admin/staking-rewards"],
  ["감사 로그", "/admin/audit"],
];

test.use({ reducedMotion: "reduce" });
test.use({ storageState: async ({ baseURL }, use) => use(await staffState(baseURL!, "admin")) });

test("at 1280 px the 관리자 메뉴 sidebar holds every link with aria-current on the open screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "관리자 대시보드" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "관리자 메뉴" });
  await expect(nav.getByRole("button", { name: "메뉴" })).toBeHidden();
  for (const [name, href] of LINKS)
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  await expect(nav.getByRole("link", { name: "대시보드" })).toHaveAttribute("aria-current", "page");
  for (const name of ["내 추천인 코드 복사", "내 추천인 코드 변경", "로그아웃"])
    await expect(nav.getByRole("button", { name })).toBeVisible();
  await nav.getByRole("link", { name: "회원 관리" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "회원 관리" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "회원 관리" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "대시보드" })).not.toHaveAttribute("aria-current", "page");
});

test("at 390 px the menu button opens the navigation and a link closes it", async ({ page }) => {
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "관리자 메뉴" });
  const menu = nav.getByRole("button", { name: "메뉴" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "회원 관리" })).toBeHidden();
  await expect(nav.getByRole("button", { name: "로그아웃" })).toBeVisible();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "감사 로그" })).toBeVisible();
  await noSidewaysScroll(page, "/admin menu open 390");
  await axe(page, "/admin menu open 390");
  await page.screenshot({ path: `${SHOTS}/shell-menu-390.png`, fullPage: true });
  await nav.getByRole("link", { name: "회원 관리" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "회원 관리" })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "회원 관리" })).toBeHidden();
});

test("내 추천인 코드 복사 copies with a 2 s toast; 내 추천인 코드 변경 refuses empty and taken codes", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.setViewportSize({ width: 1280, height: 800 });
  const original = ((await (await page.request.get("/api/users/by-id/admin")).json()) as { refCode: string }).refCode;
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "관리자 메뉴" });
  await expect(nav.getByTestId("my-refcode")).toHaveText(original);

  await nav.getByRole("button", { name: "내 추천인 코드 복사" }).click();
  const toast = page.getByRole("status").filter({ hasText: `추천인 코드를 복사했습니다: ${original}` });
  await expect(toast).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(original);
  await expect(toast).toBeHidden({ timeout: 3_000 });

  await nav.getByRole("button", { name: "내 추천인 코드 변경" }).click();
  const d = page.getByRole("dialog", { name: "내 추천인 코드 변경" });
  await d.getByLabel("추천인 코드").fill("");
  await d.getByRole("button", { name: "확인" }).click();
  await expect(d.getByRole("alert")).toHaveText("추천인 코드를 입력해주세요.");
  await d.getByLabel("추천인 코드").fill("DEMO8KTR");
  await d.getByRole("button", { name: "확인" }).click();
  await expect(d.getByRole("alert")).toHaveText("이미 사용 중인 코드입니다.");
  const next = `ADM${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  await d.getByLabel("추천인 코드").fill(next);
  await d.getByRole("button", { name: "확인" }).click();
  await expect(d).toBeHidden();
  await expect(nav.getByTestId("my-refcode")).toHaveText(next);
  expect(((await (await page.request.get("/api/users/by-id/admin")).json()) as { refCode: string }).refCode).toBe(next);

  // Back to the seeded code so other specs find it as it was.
  await nav.getByRole("button", { name: "내 추천인 코드 변경" }).click();
  await d.getByLabel("추천인 코드").fill(original);
  await d.getByRole("button", { name: "확인" }).click();
  await expect(nav.getByTestId("my-refcode")).toHaveText(original);
});

test("the dashboard shows its figures as links and the 30-day sign-ups chart; axe at 390 and 1280", async ({
  page,
}) => {
  const figures = (await (await page.request.get("/api/admin/dashboard")).json()) as {
    members: { total: number };
    signups: { count: number }[];
  };
  await page.goto("/admin");
  const total = page.getByRole("link", { name: /활성 회원 \(관리자 제외\)/ });
  await expect(total).toHaveAttribute("href", "/admin/members");
  await expect(total).toContainText(String(figures.members.total));
  await expect(page.getByRole("link", { name: /신분증 심사 대기/ })).toHaveAttribute("href", "/admin/id-reviews");
  await expect(page.getByRole("link", { name: /입금 대기/ })).toHaveAttribute(
    "href",
    "/admin/deposits?type=DEPOSIT&status=PENDING",
  );
  await expect(page.getByRole("link", { name: /스테이킹/ }).first()).toBeVisible();
  const sum = figures.signups.reduce((s, d) => s + d.count, 0);
  expect(figures.signups).toHaveLength(30);
  await expect(page.getByTestId("signups-total")).toHaveText(`30일 합계 ${sum}명`);
  await expect(page.locator("figure canvas").first()).toBeVisible();
  await noSidewaysScroll(page, "/admin 390");
  await axe(page, "/admin 390");
  await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await settle(page);
  await noSidewaysScroll(page, "/admin 1280");
  await axe(page, "/admin 1280");
  await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
});

test("English: the menu, dashboard and members screen are translated", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin menu" });
  await expect(nav.getByRole("button", { name: "Copy my referral code" })).toBeVisible();
  await nav.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "User ID" })).toBeVisible();
  await axe(page, "/admin/members en");
  await page.screenshot({ path: `${SHOTS}/members-en-1280.png`, fullPage: true });
});
