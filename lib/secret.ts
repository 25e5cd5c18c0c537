/**
 * Server secrets. With a server database (DATABASE_URL) they come only from the environment and nothing is
 * read from or written to DATA_DIR (startupEnvProblem() refuses to start without them). In embedded mode
 * they are generated once into DATA_DIR (the directory 0700, each file 0600) so `npm start` works with no setup.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dbSettings, privateDataDir } from "@/db/settings";
import { env } from "@/lib/env";

function fromDataDir(name: string, bytes: number): string {
  const { dataDir } = dbSettings();
  // Tests run the database in memory; their secrets go to a scratch directory.
  const dir = privateDataDir(dataDir.startsWith("memory://") ? "./.test-data" : dataDir);
  const file = path.join(dir, name);
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600); // written by an older version
    return value;
  } catch {
    const value = crypto.randomBytes(bytes).toString("base64");
    try {
      fs.writeFileSync(file, value, { mode: 0o600, flag: "wx" });
      return value;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
    }
  }
}

export function authSecret(): string {
  const e = env();
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  if (e.DATABASE_URL) throw new Error("AUTH_SECRET must be set when DATABASE_URL is set.");
  return fromDataDir("auth-secret", 48);
}

/** 32-byte key for encrypting ID images at rest. */
export function fileEncryptionKey(): Buffer {
  const e = env();
  const text = e.FILE_ENCRYPTION_KEY ?? (e.DATABASE_URL ? undefined : fromDataDir("file-key", 32));
  if (!text) throw new Error("FILE_ENCRYPTION_KEY must be set when DATABASE_URL is set.");
  const key = Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("FILE_ENCRYPTION_KEY must be 32 bytes, base64-encoded.");
  return key;
}
