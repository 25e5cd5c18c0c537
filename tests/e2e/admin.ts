/**
 * Signing in as the demo's staff (lib/seed.ts; `superadmin2` exists because playwright.config.ts sets
 * DEMO_SECOND_SUPERADMIN=1) or as any account with its password, through the real POST /api/login: on a
 * page's or a context's request (the cookies are the browser's), on a standalone API context, or once per test
 * file as a reusable storageState for tests that are not about signing in.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import { expect, test, useLocale } from "./fixtures";

/** The demo's staff accounts and their published passwords (README, Demo accounts). */
export const STAFF = { superadmin: "Super1234!", superadmin2: "Super5678!", admin: "Admin1234!" } as const;
export type Staff = keyof typeof STAFF;
/** A staff account by name, or any account with its password (a member, a member just made staff). */
export type Account = Staff | { userId: string; password: string };

const credentials = (who: Account) => (typeof who === "string" ? { userId: who, password: STAFF[who] } : who);

/** Signs `request` in as `who`; the login must answer 200. */
export async function signIn(request: APIRequestContext, who: Account) {
  expect((await request.post("/api/login", { data: credentials(who) })).status()).toBe(200);
}

/** A standalone API context signed in as `who` (dispose it when done). */
export async function staffRequest(baseURL: string | undefined, who: Account): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  await signIn(ctx, who);
  return ctx;
}

/** A browser context signed in as `who`: its pages and its request share the session. */
export async function staffContext(
  browser: Browser,
  baseURL: string | undefined,
  who: Account,
  options: BrowserContextOptions = {},
) {
  const ctx = await browser.newContext({ baseURL, ...options });
  await signIn(ctx.request, who);
  return ctx;
}

/** A console page signed in as `who`, at laptop width (1280 px), in Korean or English. */
export async function adminPage(browser: Browser, baseURL: string, who: Account, locale = "ko"): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: locale === "en" ? "en-US" : "ko-KR",
  });
  await useLocale(ctx, baseURL, locale === "en" ? "en" : "ko");
  const page = await ctx.newPage();
  await signIn(page.request, who);
  return page;
}

type State = Awaited<ReturnType<APIRequestContext["storageState"]>>;
const states = new Map<string, State>();

/**
 * The cookies of one login of `who`, made once per test file and reused by its tests
 * (`test.use({ storageState: … })`): one login instead of one per test, well inside the login throttle.
 */
export async function staffState(baseURL: string, who: Account): Promise<State> {
  const key = `${test.info().file}\n${credentials(who).userId}`;
  const cached = states.get(key);
  if (cached) return cached;
  const ctx = await staffRequest(baseURL, who);
  const state = await ctx.storageState();
  await ctx.dispose();
  states.set(key, state);
  return state;
}
