import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { languageRewrites, pageAddresses } from "./lib/i18n/page-rewrites";

// Messages are precompiled at build time (next-intl's catalog loader), so the browser gets no ICU parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  // `next build` also writes .next/standalone: server.js with only the files it needs, what deploy/ runs
  // (`node .next/standalone/server.js`; scripts/cluster/standalone.ts puts .next/static and public next to it).
  // `next start` keeps working on the same build.
  output: "standalone",
  // Every instance migrates at boot (lib/boot.ts) from db/migrations and db/functions under its working directory,
  // which the standalone server sets to its own folder: the SQL files are not imported, so they are traced in by hand.
  outputFileTracingIncludes: { "/**": ["./db/migrations/**/*", "./db/functions/**/*"] },
  // PGlite, sharp and argon2 ship native or WASM payloads: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "postgres"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
  // app/global-not-found.tsx answers every address that is no page, as a document of its own.
  experimental: { globalNotFound: true },
  // Every page lives under its language (app/lang/[locale]): /login is served from /ko/login, or /en/login when the
  // NEXT_LOCALE cookie says en; the address stays /login (lib/i18n/page-rewrites.ts). After the files (public/,
  // Next's assets), before the dynamic routes; only the app's own pages.
  async rewrites() {
    return {
      beforeFiles: [],
      afterFiles: languageRewrites(pageAddresses(path.join(import.meta.dirname, "app", "lang", "[locale]"))),
      fallback: [],
    };
  },
  // Security headers on every answer; pages get their nonce-based CSP from middleware.ts.
  async headers() {
    const common = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
      { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ];
    return [
      { source: "/:path*", headers: common },
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
      {
        // HSTS only when the request came over HTTPS (browsers ignore it over plain HTTP anyway).
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
