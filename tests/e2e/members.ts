/**
 * Members the browser tests start from, made through the real API on the page's own request context (so the
 * page is logged in as them): signed up with the demo referral code and logged in; `funded` also uploads an ID
 * image that the demo administrator approves (the 1000 WLD reward), swaps 200 WLD into staking and sets an OP
 * wallet address — a member ready to transfer and withdraw.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { staffContext } from "./admin";
import { expect, test } from "./fixtures";

export { useLocale } from "./fixtures";

export const OP_WALLET = "OP|Upbit|0x52908400098527886E0F7030069857D2E4169EE7";

export async function signUpMember(
  page: Page,
  opts: {
    prefix: string;
    name: string;
    password: string;
    funded: boolean;
    /** With `funded`: WLD swapped into the lock (default "200"; null swaps nothing). */
    swap?: string | null;
    /** With `funded`: the payout address set (default OP_WALLET). */
    walletAddr?: string;
  },
): Promise<string> {
  const handle = `${opts.prefix}${Date.now().toString(36)}`;
  const r = page.request;
  const signup = await r.post("/api/signup", {
    data: { name: opts.name, userId: handle, password: opts.password, refId: "WELCOME1" },
  });
  expect(signup.status()).toBe(201);
  expect((await r.post("/api/login", { data: { userId: handle, password: opts.password } })).status()).toBe(200);
  if (!opts.funded) return handle;
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  const up = await r.post("/api/upload-id", {
    headers: { "x-user-id": handle },
    multipart: { idImage: { name: "id.png", mimeType: "image/png", buffer: png } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const me = (await (await r.get(`/api/users/by-id/${handle}`)).json()) as { id: number };
  const admin = await staffContext(page.context().browser()!, test.info().project.use.baseURL, "admin");
  expect((await admin.request.patch(`/api/admin/users/${me.id}/approve-id`)).status()).toBe(200);
  await admin.close();
  const swap = opts.swap === undefined ? "200" : opts.swap;
  if (swap) expect((await r.post(`/api/users/${handle}/swap`, { data: { amount: swap } })).status()).toBe(200);
  const w = await r.post(`/api/users/by-id/${handle}/walletAddr`, {
    data: { walletAddr: opts.walletAddr ?? OP_WALLET, currentPassword: opts.password },
  });
  expect(w.status(), await w.text()).toBe(200);
  return handle;
}
