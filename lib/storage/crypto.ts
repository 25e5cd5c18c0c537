/**
 * AES-256-GCM for files at rest. The storage key is bound in as associated data, so a ciphertext
 * copied under another key fails to decrypt; the 16-byte tag is appended to the ciphertext.
 */
import crypto from "node:crypto";
import { fileEncryptionKey } from "@/lib/secret";

const TAG_BYTES = 16;

export function encrypt(plain: Buffer, storageKey: string, key = fileEncryptionKey()): { data: Buffer; iv: Buffer } {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(storageKey, "utf8"));
  const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { data, iv };
}

export function decrypt(data: Buffer, iv: Buffer, storageKey: string, key = fileEncryptionKey()): Buffer {
  if (data.length < TAG_BYTES) throw new Error("storage: ciphertext too short");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(storageKey, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
}
