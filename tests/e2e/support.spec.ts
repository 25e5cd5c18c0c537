/**
 * 1:1 support (1:1 문의) end to end against the production build, in Korean and in English: a new member reaches
 * /support from Settings, opens an inquiry with an image (previewed), staff assign it to themselves and answer it in
 * /admin/support (the queue with its SLA clock, the thread with the image), the member sees the notification, opens
 * the answer from it and replies (the inquiry waits again). axe at 390 and 1280 px on every new screen.
 * Screenshots in .test-data/screens/support/.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { axe, expectTouchTarget, noSidewaysScroll } from "./checks";
import { expect, test } from "./fixtures";
import { adminPage } from "./admin";
import { signUpMember, useLocale } from "./members";

const SHOTS = ".test-data/screens/support";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Support-Pass-2026";

test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

const WORDS = {
  ko: {
    support: "1:1 문의",
    newInquiry: "새 문의 작성",
    category: "문의 유형",
    categoryOption: "입금·구매",
    text: "문의 내용",
    submit: "문의 남기기",
    received: "접수",
    answering: "답변 중",
    answered: "답변 완료",
    assignMe: "나에게 배정",
    answer: "답변",
    post: "답변 등록",
    note: "1:1 문의 답변",
    reply: "추가 문의",
    send: "보내기",
    staff: "상담원",
    question: "입금했는데 잔액에 보이지 않아요",
    staffAnswer: "확인해보니 입금 확인 중입니다. 곧 반영됩니다.",
  },
  en: {
    support: "1:1 support",
    newInquiry: "New inquiry",
    category: "Topic",
    categoryOption: "Deposit and buying",
    text: "Your question",
    submit: "Send inquiry",
    received: "Received",
    answering: "Being answered",
    answered: "Answered",
    assignMe: "Assign to me",
    answer: "Answer",
    post: "Post answer",
    note: "Your inquiry was answered",
    reply: "Follow-up",
    send: "Send",
    staff: "Support",
    question: "My deposit does not show in my balance",
    staffAnswer: "We checked: the deposit is being confirmed and will show soon.",
  },
} as const;

async function axeBoth(page: Page, where: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page, `${where} 390`);
  await axe(page, `${where} 390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await axe(page, `${where} 1280`);
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const locale of ["ko", "en"] as const) {
  const w = WORDS[locale];
  test(`a member asks with an image, staff answer, the member is notified and replies (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await useLocale(page.context(), baseURL, locale);
    await signUpMember(page, { prefix: `sup${locale}`, name: "문의회원", password: PASSWORD, funded: false });

    // Settings → 1:1 문의 (empty).
    await page.goto("/settings");
    const row = page.getByRole("link", { name: w.support });
    await expectTouchTarget(row, "support row");
    await row.click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole("heading", { name: w.support, level: 1 })).toBeVisible();
    await axeBoth(page, `support list empty ${locale}`);
    await page.screenshot({ path: `${SHOTS}/list-empty-${locale}.png`, fullPage: true });

    // A new inquiry with one image, previewed before it is sent.
    await page.getByRole("link", { name: w.newInquiry }).click();
    await expect(page).toHaveURL(/\/support\/new$/);
    await page.getByLabel(w.category).selectOption({ label: w.categoryOption });
    await page.getByLabel(w.text, { exact: true }).fill(`${w.question}\n어제 오후 3시에 10만 원을 보냈습니다.`);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2563eb" } })
      .png()
      .toBuffer();
    await page.getByTestId("support-images").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: png });
    await expect(page.locator("main img")).toHaveCount(1);
    await axeBoth(page, `support new ${locale}`);
    await page.screenshot({ path: `${SHOTS}/new-${locale}.png`, fullPage: true });
    await page.getByRole("button", { name: w.submit }).click();
    await expect(page).toHaveURL(/\/support\/view\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("id"));
    await expect(page.getByTestId("inquiry-status")).toHaveText(w.received);
    await expect(page.getByTestId("member-message").locator("img")).toHaveCount(1);
    await axeBoth(page, `support view ${locale}`);
    await page.screenshot({ path: `${SHOTS}/view-received-${locale}.png`, fullPage: true });

    // Staff: the queue (with the SLA clock), the thread with the image, assign to self, answer.
    const admin = await adminPage(browser, baseURL!, "admin", locale);
    await admin.goto("/admin/support");
    await expect(admin.getByRole("heading", { name: w.support, level: 1 })).toBeVisible();
    await expect(admin.getByRole("link", { name: w.support })).toHaveAttribute("aria-current", "page");
    const queueRow = admin.getByTestId("queue-row").filter({ hasText: `#${id}` });
    await expect(queueRow).toHaveCount(1);
    await expect(queueRow.getByTestId("sla-clock")).toHaveAttribute("data-overdue", "false");
    await axe(admin, `admin support queue ${locale} 1280`);
    await admin.screenshot({ path: `${SHOTS}/admin-queue-${locale}.png`, fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await axe(admin, `admin support queue ${locale} 390`);
    await admin.screenshot({ path: `${SHOTS}/admin-queue-390-${locale}.png`, fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });

    await queueRow.getByRole("button").first().click();
    await expect(admin).toHaveURL(new RegExp(`[?&]id=${id}`));
    await expect(admin.getByTestId("admin-inquiry-image")).toHaveCount(1);
    await expect
      .poll(() => admin.getByTestId("admin-inquiry-image").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(300);
    await admin.getByRole("button", { name: w.assignMe }).click();
    await expect(admin.getByText(w.answering, { exact: true }).first()).toBeVisible();
    await admin.getByLabel(w.answer, { exact: true }).fill(w.staffAnswer);
    await admin.getByRole("button", { name: w.post }).click();
    await expect(admin.getByTestId("admin-thread").getByText(w.staffAnswer)).toBeVisible();
    await axe(admin, `admin support detail ${locale} 1280`);
    await admin.screenshot({ path: `${SHOTS}/admin-detail-${locale}.png`, fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await axe(admin, `admin support detail ${locale} 390`);
    await admin.context().close();

    // The member: the notification, opened, leads to the answer; a reply makes it wait again.
    await page.goto("/notifications");
    const item = page.getByTestId("notification-item").filter({ hasText: w.note });
    await expect(item).toHaveCount(1);
    await item.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/support/view\\?id=${id}$`));
    await expect(page.getByTestId("inquiry-status")).toHaveText(w.answered);
    await expect(page.getByTestId("staff-message")).toContainText(w.staffAnswer);
    await expect(page.getByTestId("staff-message")).toContainText(w.staff);
    await page.getByLabel(w.reply, { exact: true }).fill("감사합니다. 몇 시간 정도 걸릴까요?");
    await page.getByRole("button", { name: w.send, exact: true }).click();
    await expect(page.getByTestId("inquiry-status")).toHaveText(w.answering);
    await expect(page.getByTestId("member-message")).toHaveCount(2);
    await axeBoth(page, `support view answered ${locale}`);
    await page.screenshot({ path: `${SHOTS}/view-replied-${locale}.png`, fullPage: true });

    await page.goto("/support");
    await expect(page.getByTestId("inquiry-item")).toHaveCount(1);
    await expect(page.getByTestId("inquiry-item")).toContainText(w.answering);
    await axeBoth(page, `support list ${locale}`);
    await page.screenshot({ path: `${SHOTS}/list-${locale}.png`, fullPage: true });
  });
}
