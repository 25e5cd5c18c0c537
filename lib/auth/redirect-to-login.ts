/**
 * For server pages and layouts: the /login address for a visitor whose session has ended, with the way
 * back (`?next=` the page they asked for, as middleware.ts recorded it in PATH_HEADER).
 */
import "server-only";
import { headers } from "next/headers";
import { loginPathFor, PATH_HEADER } from "@/lib/next-path";

export async function loginPathHere(): Promise<string> {
  const h = await headers();
  return loginPathFor(h.get(PATH_HEADER));
}
