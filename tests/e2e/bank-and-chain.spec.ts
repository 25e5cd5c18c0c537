/**
 * Proof from outside, end to end at 390 px, in Korean and in English, one funded member per language:
 * (a) money in — the member buys; the receipt names the operator's bank account, the exact KRW and the request's
 *     입금자명 with copy buttons and the quote's expiry; an administrator uploads the bank's statement (a CSV
 *     holding that line) in /admin/deposits/bank; the member's timeline reads 신청 → 입금 확인 (the KRW received)
 *     → 지급 완료 (the price used);
 * (b) money out — the member sends; an administrator approves; the test pays the member's registered address on the
 *     local EVM node (Hardhat, started by playwright.config.ts through tests/e2e/evm-server.ts; account 0 holds the
 *     test WLD) and the administrator records the hash with `송금 완료 처리`; the member sees 송금 중 with the hash and
 *     the explorer link, and after 2 confirmations (the server's confirmations job) 완료.
 * In English the blocks are mined before the hash is recorded, so it reads PAID at once (the other path of the
 * payout call) and the run does not wait for the job twice. Screenshots in /tmp/shots/bank-and-chain.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createTestClient, createWalletClient, getAddress, http, parseAbi, parseUnits } from "viem";
import { hardhat } from "viem/chains";
import { axe } from "./checks";
import { adminPage } from "./admin";
import { OP_WALLET, signUpMember, useLocale } from "./members";

const SHOTS = process.env.BANK_CHAIN_SHOTS_DIR ?? "/tmp/shots/bank-and-chain";
fs.mkdirSync(SHOTS, { recursive: true });
const RPC = `http://127.0.0.1:${process.env.E2E_EVM_PORT ?? 3218}`;
const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PASSWORD = "Bank-Chain-2026";
const MEMBER_ADDRESS = getAddress(OP_WALLET.split("|")[2]!);

type Locale = "ko" | "en";
const catalogs = new Map<string, Record<string, unknown>>();
/** A text from messages/<locale>/<namespace>.json by its dotted key (ICU arguments left as they are). */
function msg(locale: Locale, ns: string, key: string): string {
  const file = `${locale}/${ns}`;
  if (!catalogs.has(file))
    catalogs.set(file, JSON.parse(fs.readFileSync(path.resolve("messages", locale, `${ns}.json`), "utf8")));
  let v: unknown = catalogs.get(file);
  for (const part of key.split(".")) v = (v as Record<string, unknown>)?.[part];
  if (typeof v !== "string") throw new Error(`no message ${file}:${key}`);
  return v;
}
/** The text before the first ICU argument: "받은 금액 ₩{krw}" → "받은 금액 ₩". */
const lead = (text: string) => text.split("{")[0]!;

const chain = { chain: hardhat, transport: http(RPC) };
const testClient = createTestClient({ ...chain, mode: "hardhat" });
const wallet = createWalletClient(chain);
const erc20 = parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]);

/** Pays `amountWld` test WLD from Hardhat's account 0 (unlocked on the node) to the member's address. */
async function pay(amountWld: string): Promise<`0x${string}`> {
  const [from] = await wallet.getAddresses();
  return wallet.writeContract({
    account: from!,
    address: TOKEN,
    abi: erc20,
    functionName: "transfer",
    args: [MEMBER_ADDRESS, parseUnits(amountWld, 18)],
  });
}

/** "2026-11-28 18:40:05" in Korean time: how the bank prints 거래일시. */
function kstNow(): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Seoul",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date())
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

type Row = { id: number; type: string; status: string; amount: string; payout: { txHash: string } | null };
async function myRequest(page: Page, id: number): Promise<Row> {
  const res = await page.request.get("/api/transfer-requests?page=1&limit=20");
  expect(res.status()).toBe(200);
  const row = ((await res.json()).items as Row[]).find((r) => r.id === id);
  if (!row) throw new Error(`request ${id} not in the member's list`);
  return row;
}

/** The member's request in /wallet-history, its details opened. */
async function openRequest(page: Page, locale: Locale, id: number) {
  await page.goto("/wallet-history");
  const item = page.getByTestId(`request-${id}`);
  // Pending requests open with their details shown; settled ones fold them behind this button.
  const toggle = item.getByRole("button", {
    expanded: false,
    name: msg(locale, "history", "detailsOf").replace("{id}", String(id)),
  });
  const open = item.getByRole("button", { expanded: true });
  await expect(toggle.or(open)).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
  const progress = item.getByRole("list", { name: msg(locale, "history", "progress") });
  await expect(progress).toBeVisible();
  return { item, progress };
}

for (const locale of ["ko", "en"] as const) {
  const m = (ns: string, key: string) => msg(locale, ns, key);
  test.describe(`bank and chain (${locale})`, () => {
    test.describe.configure({ mode: "serial" });
    test.use({ reducedMotion: "reduce" });
    let handle = "";

    test(`buy → bank account, amount and 입금자명 with copy → statement upload → 지급 완료 (${locale})`, async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await useLocale(context, baseURL, locale);
      handle = await signUpMember(page, { prefix: `bc${locale}`, name: "김은행", password: PASSWORD, funded: true });

      // ── The buy modal's receipt: where to pay, how much, under which name, until when.
      await page.goto("/wallet");
      await page.getByRole("button", { name: m("wallet", "deposit"), exact: true }).click();
      const buy = page.getByRole("dialog", { name: m("wallet", "buy.title") });
      await expect(buy.getByTestId("buy-price")).toContainText("₩", { timeout: 30_000 });
      await buy.getByLabel(m("wallet", "buy.amount")).fill("10000");
      await buy.getByRole("button", { name: m("wallet", "buy.submit") }).click();
      const payIn = buy.getByTestId("pay-in");
      await expect(payIn.getByTestId("pay-in-bank")).not.toBeEmpty();
      await expect(payIn.getByTestId("pay-in-account")).toHaveText(/\d/);
      await expect(payIn.getByTestId("pay-in-holder")).not.toBeEmpty();
      await expect(payIn.getByTestId("pay-in-amount")).toHaveText("₩10,000");
      await expect(payIn.getByTestId("pay-in-expiry")).toContainText(":");
      const name = (await payIn.getByTestId("pay-in-name").textContent())!.trim();
      expect(name).toMatch(/^김은행\d{4}$/);
      const nameLabel = m("wallet", "payIn.depositorName");
      await payIn.getByRole("button", { name: m("wallet", "payIn.copy").replace("{label}", nameLabel) }).click();
      await expect(page.getByRole("status").filter({ hasText: nameLabel })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);
      await payIn
        .getByRole("button", { name: m("wallet", "payIn.copy").replace("{label}", m("wallet", "payIn.amount")) })
        .click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("10000");
      await axe(page, `buy receipt with the bank account ${locale}`);
      await page.screenshot({ path: `${SHOTS}/${locale}-buy-receipt.png`, fullPage: true });
      const id = Number((await buy.getByText(/^#\d+$/).textContent())!.slice(1));

      // ── The administrator uploads the bank's statement holding the line: matched and credited.
      const a = await adminPage(browser, baseURL!, "admin", locale);
      await a.goto("/admin/deposits/bank");
      const csv = `거래일시,입금자명,출금액,입금액,잔액\n${kstNow()},${name},,10000,${1_000_000 + id}\n`;
      await a
        .getByLabel(msg(locale, "adminOps", "bank.file"))
        .setInputFiles({ name: `statement-${locale}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
      await a.getByRole("button", { name: msg(locale, "adminOps", "bank.upload"), exact: true }).click();
      await expect(a.getByTestId("upload-matched")).toHaveText("1");
      await a.context().close();

      // ── The member's timeline: 신청 → 입금 확인 (₩10,000) → 지급 완료 (the price used).
      const { item, progress } = await openRequest(page, locale, id);
      await expect(item.getByTestId("request-status")).toHaveText(m("history", "status.APPROVED"));
      await expect(progress.getByTestId("step-requested")).toContainText(m("history", "events.PENDING"));
      await expect(progress.getByTestId("step-depositConfirmed")).toContainText(m("history", "steps.depositConfirmed"));
      await expect(progress.getByTestId("krw-received")).toHaveText(`${lead(m("history", "steps.krwReceived"))}10,000`);
      await expect(progress.getByTestId("step-credited")).toHaveAttribute("data-state", "done");
      await expect(progress.getByTestId("price-used")).toContainText(lead(m("history", "steps.priceUsed")));
      await axe(page, `/wallet-history deposit credited ${locale}`);
      await item.screenshot({ path: `${SHOTS}/${locale}-deposit-timeline.png` });
    });

    test(`send → approve → paid on the local node → 송금 완료 처리 → 완료 with the explorer link (${locale})`, async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.skip(!handle, "needs the member of the test before");
      // Tall enough that the bottom tabs cover no step in the timeline's screenshots (still 390 px wide).
      await page.setViewportSize({ width: 390, height: 1600 });
      await useLocale(context, baseURL, locale);
      expect((await page.request.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(
        200,
      );
      const sent = await page.request.post("/api/transfer-requests", {
        data: { coinSymbol: "WLD", amount: "10", type: "TRANSFER" },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const id = (await sent.json()).request.id as number;

      // The administrator approves (to be sent), the operator pays on chain, then records the hash.
      const a = await adminPage(browser, baseURL!, "admin", locale);
      const approved = await a.request.patch(`/api/admin/requests/${id}`, { data: { action: "APPROVE" } });
      expect(approved.status(), await approved.text()).toBe(200);
      const hash = await pay("10");
      // English: confirmed before it is recorded, so the payout call marks it PAID at once.
      if (locale === "en") await testClient.mine({ blocks: 2 });
      await a.goto(`/admin/deposits?type=TRANSFER&status=APPROVED&search=${handle}`);
      const row = a.getByTestId(`request-${id}`);
      await row.getByRole("button", { name: msg(locale, "adminOps", "requests.payout"), exact: true }).click();
      const dialog = a.getByRole("dialog", { name: msg(locale, "adminOps", "requests.payoutTitle") });
      await dialog.getByLabel(msg(locale, "adminOps", "requests.txHash")).fill(hash);
      await dialog.getByRole("button", { name: m("common", "confirm"), exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await a.context().close();

      const explorer = `https://optimistic.etherscan.io/tx/${hash.toLowerCase()}`;
      if (locale === "ko") {
        // 송금 중: the hash (shortened, whole in its title), the explorer link, waiting for confirmations.
        const { item, progress } = await openRequest(page, locale, id);
        await expect(item.getByTestId("request-status")).toHaveText(m("history", "status.SENDING"));
        await expect(progress.getByTestId("step-sending")).toHaveAttribute("data-state", "current");
        await expect(progress.getByTestId("payout-hash")).toHaveAttribute("title", hash.toLowerCase());
        await expect(progress.getByTestId("explorer-link")).toHaveAttribute("href", explorer);
        await expect(progress.getByTestId("payout-unverified")).toHaveCount(0);
        await axe(page, `/wallet-history payout sending ${locale}`);
        await item.screenshot({ path: `${SHOTS}/${locale}-payout-sending.png` });
        // Two more blocks; the server's confirmations job (every 30 s) marks it PAID.
        await testClient.mine({ blocks: 2 });
        await expect.poll(async () => (await myRequest(page, id)).status, { timeout: 45_000 }).toBe("PAID");
      }
      const { item, progress } = await openRequest(page, locale, id);
      await expect(item.getByTestId("request-status")).toHaveText(m("history", "status.PAID"));
      await expect(progress.getByTestId("step-paid")).toHaveAttribute("data-state", "done");
      await expect(progress.getByTestId("step-paid")).toContainText(m("history", "events.PAID"));
      await expect(progress.getByTestId("explorer-link")).toHaveAttribute("href", explorer);
      await expect(progress.getByTestId("payout-hash")).toHaveAttribute("title", hash.toLowerCase());
      if (locale === "en") await axe(page, `/wallet-history payout paid ${locale}`);
      await item.screenshot({ path: `${SHOTS}/${locale}-payout-paid.png` });
    });

    test(`a payout that cannot be made: 송금 실패 처리 → the member reads 송금 실패, the reason and the refund (${locale})`, async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      test.skip(!handle, "needs the member of the first test");
      test.skip(locale === "en", "one language is enough for the refusal's words; both are in messages and unit tests");
      await page.setViewportSize({ width: 390, height: 1600 });
      await useLocale(context, baseURL, locale);
      expect((await page.request.post("/api/login", { data: { userId: handle, password: PASSWORD } })).status()).toBe(
        200,
      );
      const sent = await page.request.post("/api/transfer-requests", {
        data: { coinSymbol: "WLD", amount: "5", type: "TRANSFER" },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const id = (await sent.json()).request.id as number;
      const a = await adminPage(browser, baseURL!, "admin", locale);
      expect((await a.request.patch(`/api/admin/requests/${id}`, { data: { action: "APPROVE" } })).status()).toBe(200);
      const failed = await a.request.post(`/api/admin/requests/${id}/fail`, { data: { reason: "거래소 입금 중단" } });
      expect(failed.status(), await failed.text()).toBe(200);
      await a.context().close();

      const { item, progress } = await openRequest(page, locale, id);
      await expect(item.getByTestId("request-status")).toHaveText(m("history", "status.FAILED"));
      await expect(progress.getByTestId("step-FAILED")).toContainText(m("history", "status.FAILED"));
      await expect(progress.getByTestId("failed-reason")).toContainText("거래소 입금 중단");
      await expect(progress.getByTestId("failed-reason")).toContainText(m("history", "steps.failedRefund"));
      await axe(page, `/wallet-history payout failed ${locale}`);
      await item.screenshot({ path: `${SHOTS}/${locale}-payout-failed.png` });
    });
  });
}
