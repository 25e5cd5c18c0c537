/**
 * A JSON answer, the shape every route and the next-auth bridge send: below lib/api and lib/auth, which both
 * answer with it (lib/api/handler.ts hands it on to the routes).
 */

/** What a piece of work answers before it becomes a Response: its status and its JSON body. */
export type Outcome = { status: number; body: unknown };

/** A JSON answer with a status (201 for created), never cached. */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
