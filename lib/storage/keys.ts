import crypto from "node:crypto";

/** 256 random bits, URL-safe: a key names nothing and cannot be guessed. */
export const newStorageKey = () => crypto.randomBytes(32).toString("base64url");
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
