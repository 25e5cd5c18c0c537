/**
 * The route pattern of a request (`/api/users/by-id/[userId]/coins`), rebuilt from its path and the dynamic
 * params Next matched, for the access log and the request metrics. Route handlers are not told their file's
 * pattern, and the raw path carries member ids: as a metrics label it would make one series per member
 * (unbounded cardinality), and in a log line it would tie a member to what they did.
 *
 * Every path segment is compared decoded, so percent-encoded spellings of one route give one pattern; the
 * params are matched in path order; a catch-all's segments become one `[...name]`. Only paths Next routed to
 * one of our handlers get here, so the set of patterns is the set of route files.
 */

/** The pattern of `pathname` given the resolved route params. */
export function routePattern(pathname: string, params: Record<string, unknown>): string {
  const segments = pathname.split("/").map(decodeSegment);
  const names = Object.keys(params);
  if (names.length === 0) return segments.join("/");
  let from = 1;
  for (const name of names) {
    const value = params[name];
    if (Array.isArray(value)) {
      // A catch-all is the last dynamic segment: it takes the rest of the path.
      const start = Math.max(from, segments.length - value.length);
      segments.splice(start, segments.length - start, `[...${name}]`);
      break;
    }
    const at = segments.indexOf(String(value), from);
    if (at < 0) continue;
    segments[at] = `[${name}]`;
    from = at + 1;
  }
  return segments.join("/");
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
