import path from "node:path";
import type { NextConfig } from "next";

/** The minimal Next app the benchmarks compare the product with (bench/hot-paths.ts builds and serves it). */
const root = path.resolve(import.meta.dirname, "../..");
const config: NextConfig = {
  serverExternalPackages: ["postgres"],
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
};
export default config;
