import { coinsBody } from "../../../lib/work";

export async function GET(req: Request) {
  const [status, body] = await coinsBody(req.headers.get("cookie"));
  return new Response(body, { status, headers: { "content-type": "application/json; charset=utf-8" } });
}
