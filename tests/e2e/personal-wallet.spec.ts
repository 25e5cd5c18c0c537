/**
 * A personal wallet registered in the browser (lib/wallet/personal-wallets.ts): a fresh member chooses 개인 지갑,
 * gets the one-time message the page shows, signs it here with a key the test generates (EIP-191 personal_sign, as
 * MetaMask does), pastes the signature, verifies and saves `OP|PERSONAL|0x…` with the password; the registered
 * address then carries its verified mark. Korean at 390 px, English at 1280 px (with a signature by another key
 * refused first); axe on the modal in each state. Screenshots in .test-data/screens/personal-wallet.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { axe } from "./checks";
import { signUpMember, useLocale } from "./members";

const SHOTS = ".test-data/screens/personal-wallet";
fs.mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "Own-Wallet-2026";

test.use({ reducedMotion: "reduce" });

const T = {
  ko: {
    row: "지갑 주소 설정",
    network: "네트워크",
    personal: "개인 지갑",
    address: "지갑 주소",
    getMessage: "서명할 메시지 받기",
    signature: "서명",
    verify: "서명 확인",
    verified: "서명 확인됨",
    invalid: "서명을 확인할 수 없습니다",
    password: "현재 비밀번호",
    save: "등록",
    saved: "지갑 주소가 등록되었습니다.",
  },
  en: {
    row: "Wallet address",
    network: "Network",
    personal: "Personal wallet",
    address: "Wallet address",
    getMessage: "Get the message to sign",
    signature: "Signature",
    verify: "Verify signature",
    verified: "Verified by signature",
    invalid: "The signature could not be verified",
    password: "Current password",
    save: "Register",
    saved: "Wallet address registered.",
  },
} as const;
type Locale = keyof typeof T;

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

for (const [locale, width] of [
  ["ko", 390],
  ["en", 1280],
] as const satisfies [Locale, number][]) {
  test(`a member proves and registers a personal wallet (${locale}, ${width} px)`, async ({
    page,
    context,
    baseURL,
  }) => {
    const n = T[locale];
    await page.setViewportSize({ width, height: 900 });
    await useLocale(context, baseURL, locale);
    const handle = await signUpMember(page, { prefix: "own", name: "개인지갑", password: PASSWORD, funded: false });
    const account = privateKeyToAccount(generatePrivateKey());

    await page.goto("/settings");
    await page.getByRole("button", { name: n.row }).click();
    const dialog = page.getByRole("dialog", { name: n.row });
    await dialog.getByLabel(n.network).selectOption("OP");
    await dialog.getByRole("button", { name: n.personal }).click();
    await expect(dialog.getByRole("button", { name: n.personal })).toHaveAttribute("aria-pressed", "true");
    await dialog.getByLabel(n.address).fill(account.address);
    await dialog.getByRole("button", { name: n.getMessage }).click();

    const shown = dialog.getByTestId("sign-message");
    await expect(shown).toContainText(`WLD Wallet 주소 확인: ${handle}, `);
    const message = (await shown.textContent()) ?? "";
    expect(message).toMatch(
      new RegExp(`^WLD Wallet 주소 확인: ${handle}, [0-9a-f]{32}, \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`),
    );
    await axe(page, `personal wallet message ${locale} ${width}`);
    await shot(page, `message-${locale}-${width}`);

    if (locale === "en") {
      const stranger = privateKeyToAccount(generatePrivateKey());
      await dialog.getByLabel(n.signature, { exact: true }).fill(await stranger.signMessage({ message }));
      await dialog.getByRole("button", { name: n.verify }).click();
      await expect(dialog.getByRole("alert")).toContainText(n.invalid);
      await shot(page, `refused-${locale}-${width}`);
    }

    await dialog.getByLabel(n.signature, { exact: true }).fill(await account.signMessage({ message }));
    await dialog.getByRole("button", { name: n.verify }).click();
    await expect(dialog.getByTestId("personal-verified")).toHaveText(`✓${n.verified}`);
    await dialog.getByLabel(n.password).fill(PASSWORD);
    await shot(page, `verified-${locale}-${width}`);
    await dialog.getByRole("button", { name: n.save, exact: true }).click();
    await expect(page.getByText(n.saved)).toBeVisible();

    const profile = await (await page.request.get(`/api/users/by-id/${handle}`)).json();
    expect(profile.walletAddr).toBe(`OP|PERSONAL|${account.address}`);
    await expect(page.getByTestId("wallet-row")).toContainText(n.personal);

    await page.getByRole("button", { name: n.row }).click();
    const registered = page.getByTestId("registered-wallet");
    await expect(registered).toContainText(n.personal);
    await expect(registered).toContainText(account.address);
    await expect(registered.getByTestId("personal-verified")).toBeVisible();
    await axe(page, `personal wallet registered ${locale} ${width}`);
    await shot(page, `registered-${locale}-${width}`);
  });
}
