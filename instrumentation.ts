import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // X-Forwarded-For is only trusted from TRUSTED_PROXIES (see lib/http/ip.ts).
    const { installForwardedForGuard } = await import("./lib/http/ip");
    installForwardedForGuard();
    const { boot } = await import("./lib/boot");
    await boot();
  }
}

/** A page or server component that threw: one JSON line with the request id (lib/request-error-log.ts). */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/request-error-log");
  logRequestError(err, request, context);
};
