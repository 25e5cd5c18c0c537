/** The default FileStore: encrypted blobs in PostgreSQL's file_blobs table. */
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { fileBlobs } from "@/db/schema";
import { decrypt, encrypt } from "./crypto";
import type { FileStore } from "./index";
import { newStorageKey } from "./keys";

export function pgFileStore(): FileStore {
  return {
    async put(file, opts) {
      const db = opts?.db ?? (await getDb());
      const key = newStorageKey();
      const { data, iv } = encrypt(file.data, key);
      await db.insert(fileBlobs).values({ key, data, iv, contentType: file.contentType });
      return key;
    },
    async get(key, opts) {
      const db = opts?.db ?? (await getDb());
      const [row] = await db
        .select({ data: fileBlobs.data, iv: fileBlobs.iv, contentType: fileBlobs.contentType })
        .from(fileBlobs)
        .where(eq(fileBlobs.key, key));
      if (!row?.iv) return null;
      return { data: decrypt(row.data, row.iv, key), contentType: row.contentType };
    },
    async delete(keys, opts) {
      if (!keys.length) return;
      const db = opts?.db ?? (await getDb());
      await db.delete(fileBlobs).where(inArray(fileBlobs.key, keys));
    },
  };
}
