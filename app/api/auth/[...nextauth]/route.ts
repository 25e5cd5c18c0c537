// GET|POST /api/auth/* — what remains of next-auth's endpoints: GET session (who is signed in; never extends the
// session), csrf and providers; POST signout (ends this session). Signing in is POST /api/login only: signin and
// callback/* answer 404. Public.
import { handler } from "@/lib/api/handler";
import { nextAuthRoute } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";

const route = handler<{ nextauth: string[] }>(async ({ req, params, ip, requestId }) => {
  const segments = Array.isArray(params.nextauth) ? params.nextauth : [String(params.nextauth ?? "")];
  return nextAuthRoute(req, segments, { ip, requestId });
});

export const GET = route;
export const POST = route;
