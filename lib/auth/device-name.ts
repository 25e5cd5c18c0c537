/**
 * A login device's name for the member's device list: browser and operating system from the stored user
 * agent ("Chrome · Android"), through ua-parser-js 1.x (MIT; 2.x is AGPL and must not be used).
 */
import { UAParser } from "ua-parser-js";

export type DeviceName = { browser: string | null; os: string | null; label: string | null };

/** Browser + OS of a user agent; `label` is null when neither is recognised (the screen says "unknown"). */
export function deviceName(userAgent: string | null | undefined): DeviceName {
  if (!userAgent) return { browser: null, os: null, label: null };
  const parser = new UAParser(userAgent);
  const browser = parser.getBrowser().name?.trim() || null;
  const os = parser.getOS().name?.trim() || null;
  const label = [browser, os].filter(Boolean).join(" · ") || null;
  return { browser, os, label };
}
