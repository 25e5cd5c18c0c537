// GET|POST /api/auth/* — next-auth's own endpoints (session, csrf, providers, callback/credentials, signout).
import { handler } from "@/lib/api/handler";
import { authOptions, runNextAuth } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";

const route = handler<{ nextauth: string[] }>(async ({ req, params, ip, requestId }) => {
  const segments = Array.isArray(params.nextauth) ? params.nextauth : [String(params.nextauth ?? "")];
  return runNextAuth(req, segments, authOptions({ ip, requestId }));
});

export const GET = route;
export const POST = route;
