/**
 * The private file store: encrypted bytes under random keys, never a public path.
 *
 * The default implementation keeps blobs in PostgreSQL's file_blobs table (lib/storage/pg-store.ts),
 * so a deployment needs nothing besides its database. An object store (S3 and the like) can replace
 * it behind this interface; it would ignore the `db` option, which lets the default store write in
 * the caller's transaction so a failed request leaves nothing behind.
 */
import type { DbOrTx } from "@/db/client";
import { pgFileStore } from "./pg-store";

export type StoredFile = { data: Buffer; contentType: string };
export type StoreOptions = { db?: DbOrTx };

export interface FileStore {
  /** Stores the bytes under a new random key and returns that key. */
  put(file: StoredFile, opts?: StoreOptions): Promise<string>;
  /** The decrypted bytes, or null when the key is unknown. */
  get(key: string, opts?: StoreOptions): Promise<StoredFile | null>;
  /** Removes the bytes for good; unknown keys are ignored. */
  delete(keys: string[], opts?: StoreOptions): Promise<void>;
}

export { STORAGE_KEY_PATTERN } from "./keys";

let current: FileStore | undefined;

/** The configured store (today always the PostgreSQL one). */
export function fileStore(): FileStore {
  current ??= pgFileStore();
  return current;
}
