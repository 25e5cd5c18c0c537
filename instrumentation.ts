export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // X-Forwarded-For is only trusted from TRUSTED_PROXIES (see lib/api/ip.ts).
    const { installForwardedForGuard } = await import("./lib/api/ip");
    installForwardedForGuard();
    const { boot } = await import("./lib/boot");
    await boot();
  }
}
