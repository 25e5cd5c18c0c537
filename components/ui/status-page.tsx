import { Logo } from "./logo";

/**
 * The 404 and error screens' layout: the logo, an optional code, a heading, one sentence and the
 * actions (a button home, and "try again" where that can help). Works in server and client components.
 */
export function StatusPage({
  code,
  title,
  body,
  children,
}: {
  code?: string;
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-12 text-center">
      <Logo size={56} />
      <div className="flex flex-col gap-2">
        {code && (
          <p className="text-sm font-semibold tracking-widest text-gray-500" aria-hidden="true">
            {code}
          </p>
        )}
        <h1 className="text-2xl font-bold leading-snug">{title}</h1>
        <p className="text-base leading-relaxed text-gray-600">{body}</p>
      </div>
      <div className="flex w-full max-w-xs flex-col gap-3">{children}</div>
    </main>
  );
}

/** A link that looks like the primary button (a real <a>, so it works before hydration too). */
export const PRIMARY_LINK =
  "inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand px-4 py-3 text-base font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";
export const SECONDARY_LINK =
  "inline-flex min-h-12 w-full items-center justify-center rounded-xl border border-gray-300 bg-white px-4 py-3 text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";
