import { transferBody } from "../../../lib/work";

export async function POST(req: Request) {
  const { amount } = (await req.json()) as { amount: string };
  const [status, body] = await transferBody(req.headers.get("cookie"), String(amount));
  return new Response(body, { status, headers: { "content-type": "application/json; charset=utf-8" } });
}
