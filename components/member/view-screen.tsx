"use client";

/**
 * The frame of a member's one-item screen (/notices/view, /support/view): the back link and title, then "not found"
 * with a link to the list when there is no such item (no id, or 404), a skeleton while it loads, the error, or the
 * item itself.
 */
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { AppLink } from "@/components/ui/app-link";
import { FormAlert } from "@/components/ui/form-alert";
import { ApiError } from "@/lib/client/api";

/** A query's retry rule for one item: a 404 is an answer (not found), not a failure worth retrying. */
export const retryUnlessMissing = (failures: number, e: unknown) =>
  !(e instanceof ApiError && e.status === 404) && failures < 2;

/** The message keys of a view screen's words, in its namespace (`back`, `notFound` and `loading` always). */
type Keys = { title: string; toList: string };

export function ViewScreen<T>({
  id,
  query,
  listHref,
  t,
  keys,
  skeleton,
  children,
}: {
  id: number | null;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  listHref: string;
  /** The screen's translations. */
  t: (key: string) => string;
  keys: Keys;
  /** The sizes (Tailwind classes) of the blocks shown while the item loads. */
  skeleton: string[];
  children: (item: T) => React.ReactNode;
}) {
  const errorText = useErrorText();
  const words = { back: t("back"), notFound: t("notFound"), loading: t("loading"), title: t(keys.title) };
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href={listHref} backLabel={words.back} title={words.title} />
      {missing ? (
        <div className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-700 break-keep">
          <p className="font-semibold">{words.notFound}</p>
          <AppLink href={listHref} className="mt-2 inline-flex min-h-11 items-center font-semibold text-accent">
            {t(keys.toList)}
          </AppLink>
        </div>
      ) : query.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label={words.loading} aria-busy="true">
          {skeleton.map((size) => (
            <div key={size} className={`skeleton ${size}`} />
          ))}
        </div>
      ) : query.isError || query.data === undefined ? (
        <FormAlert>{errorText(query.error)}</FormAlert>
      ) : (
        children(query.data)
      )}
    </main>
  );
}
