/**
 * A stored private file (an ID image) as a route's answer: never cached, never sniffed, shown inline in a sandbox
 * with nothing else allowed, never embedded elsewhere or sent on as a referrer.
 */
import type { StoredFile } from "@/lib/storage";

export function privateFileResponse(file: StoredFile): Response {
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "no-referrer",
    },
  });
}
