import type { InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

/**
 * After a change: every matching query loads again. `invalidateQueries` alone reuses a first load still in flight
 * (a query with no data yet is not cancelled, TanStack Query's `fetch`), so a screen whose list was still loading
 * when an action finished showed the list from before the action until its next refresh. Cancelling first makes
 * the load start over.
 */
export async function refreshQueries(qc: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await qc.cancelQueries(filters);
  await qc.invalidateQueries(filters);
}
