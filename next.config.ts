import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // PGlite, sharp and argon2 ship native or WASM payloads: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "postgres"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default withNextIntl(nextConfig);
