import { priceBody } from "../../../lib/work";

export const dynamic = "force-dynamic";

export function GET() {
  return new Response(priceBody(), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
