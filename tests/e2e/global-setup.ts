export default async function globalSetup() {
  // Servers are started by playwright.config.ts (webServer); nothing else to prepare.
}
