// `npm run test:soak` runs the route handlers outside Next: `server-only` (which throws outside React Server
// Components) resolves to an empty module, as vitest.config.ts aliases it for the tests.
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export%20%7B%7D", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
