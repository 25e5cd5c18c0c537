"use client";

/**
 * List state (filters and page) kept in the URL, so a list is shareable and survives reload and back.
 * Setting a filter resets the page; empty values leave the URL.
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export function useUrlState<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const rawPage = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(rawPage) && rawPage >= 1 ? rawPage : 1;

  const set = useCallback(
    (patch: Partial<Record<K | "page", string | number | null>>) => {
      const next = new URLSearchParams(params.toString());
      if (!("page" in patch)) next.delete("page");
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === "" || (k === "page" && Number(v) <= 1)) next.delete(k);
        else next.set(k, String(v));
      }
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  /** The current filters as a query string for the API (with page and limit). */
  const query = (extra: Record<string, string | number> = {}) => {
    const q = new URLSearchParams();
    for (const k of keys) if (values[k]) q.set(k, values[k]);
    q.set("page", String(page));
    for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
    return q.toString();
  };

  return { values, page, set, query };
}
