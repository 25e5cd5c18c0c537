/**
 * Server configuration, validated once at import. Only server modules import this file.
 * AUTH_SECRET in embedded mode is generated into DATA_DIR by lib/secret.ts, not here.
 */
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./.data"),
  PORT: z.coerce.number().int().positive().default(3000),
  AUTH_SECRET: z.string().min(32).optional(),
  UPBIT_API_URL: z.string().url().default("https://api.upbit.com"),
  BINANCE_API_URL: z.string().url().default("https://api.binance.com"),
  CRON_SECRET: z.string().min(16).optional(),
  /** Key for encrypting ID images at rest (base64, 32 bytes); generated into DATA_DIR in embedded mode. */
  FILE_ENCRYPTION_KEY: z.string().optional(),
  PRICE_REFRESH_MS: z.coerce.number().int().positive().default(30_000),
  PRICE_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /** Comma-separated proxy addresses whose X-Forwarded-For we trust; empty: trust none. */
  TRUSTED_PROXIES: z.string().default(""),
  /** The origin the app is served from, for the browser-origin check (defaults to the request's Host). */
  APP_ORIGIN: z.string().url().optional(),
});

function parse() {
  const empty = (v: string | undefined) => (v === "" ? undefined : v);
  const raw = Object.fromEntries(KEYS.map((k) => [k, empty(process.env[k])]));
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid environment: ${fields}`);
  }
  return result.data;
}

export type Env = z.infer<typeof schema>;
const KEYS = Object.keys(schema.shape);

let cached: { key: string; value: Env } | undefined;

/**
 * Read lazily so tests and scripts can set variables before first use; parsed again only when one
 * of our variables changed (route handlers call this on every request).
 */
export function env(): Env {
  const key = KEYS.map((k) => process.env[k] ?? "").join("\u0000");
  if (cached?.key !== key) cached = { key, value: parse() };
  return cached.value;
}

export const isEmbedded = () => !env().DATABASE_URL;
