/**
 * The browser tests' `test`: Playwright's, plus a guard that fails a test when any page it used — the default
 * page, one in a context the test made itself (browser.newContext, browser.newPage), or one in a context made
 * before it (a beforeAll login) — wrote an error or a warning to the browser console or threw.
 * An API's 4xx answer is the app speaking (a wrong password, a refused request) and Chromium logs it as "Failed to
 * load resource"; that line alone is not counted, nor the 404 of a page a test opens on purpose (the 404 screen). Every spec imports `test` and `expect` from here.
 */
import { test as base, type BrowserContext, type ConsoleMessage, expect, type Page } from "@playwright/test";

export { expect };

/** English through the locale cookie (Korean is the default). */
export async function useLocale(context: BrowserContext, baseURL: string | undefined, locale: "ko" | "en") {
  if (locale === "en") await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
}

type Problem = string;

/** Console lines the running test provokes on purpose (a connection it cuts, a 500 it stubs); reset per test. */
let allowed: Array<{ pattern: RegExp; why: string }> = [];

/**
 * Lets the running test's console carry lines matching `pattern`, which it provokes on purpose (`why` says how):
 * a cut connection, a stubbed 500. Anything else still fails the test.
 */
export function allowConsole(pattern: RegExp, why: string) {
  allowed.push({ pattern, why });
}

/** Listens to one page's console and errors; returns the function that stops listening. */
function watch(page: Page, problems: Problem[]): () => void {
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() !== "error" && m.type() !== "warning") return;
    const text = m.text();
    const url = m.location()?.url ?? "";
    // A 4xx of an API call, or of the page itself (the designed 404 screen a test opens on purpose), is the app
    // answering; any other failed resource (a script, a style, an image) is a problem.
    if (
      /Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
      (/\/api\//.test(url) || url === page.url())
    ) {
      return;
    }
    problems.push(`${m.type()} on ${page.url()}: ${text}${url ? ` (${url})` : ""}`);
  };
  const onError = (e: Error) => problems.push(`uncaught on ${page.url()}: ${e.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  return () => {
    page.off("console", onConsole);
    page.off("pageerror", onError);
  };
}

export const test = base.extend<{ consoleGuard: Problem[] }>({
  consoleGuard: [
    async ({ context, browser }, use) => {
      const problems: Problem[] = [];
      allowed = [];
      const stops: Array<() => void> = [];
      const watched = new WeakSet<Page>();
      const track = (p: Page) => {
        if (watched.has(p)) return;
        watched.add(p);
        stops.push(watch(p, problems));
      };
      const follow = (ctx: BrowserContext) => {
        ctx.on("page", track);
        stops.push(() => ctx.off("page", track));
        for (const p of ctx.pages()) track(p);
      };
      follow(context);
      // Contexts made before this test (a worker's beforeAll) and the ones the test opens itself (an administrator
      // beside the member, another language; browser.newPage goes through newContext too).
      for (const ctx of browser.contexts()) if (ctx !== context) follow(ctx);
      const original = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof original>) => {
        const ctx = await original.apply(browser, args);
        follow(ctx);
        return ctx;
      };
      await use(problems);
      browser.newContext = original;
      for (const stop of stops) stop();
      const unexpected = problems.filter((p) => !allowed.some((a) => a.pattern.test(p)));
      allowed = [];
      expect(unexpected, "the browser console stayed clean").toEqual([]);
    },
    { auto: true },
  ],
});
