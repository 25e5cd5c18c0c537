import Link from "next/link";

/** A sub-screen's header: a back link (‹, named by backLabel) and the screen title. */
export function BackHeader({ href, backLabel, title }: { href: string; backLabel: string; title: string }) {
  return (
    <header className="flex items-center gap-2">
      <Link href={href} aria-label={backLabel} className="rounded-lg p-2 text-gray-700 hover:bg-gray-100">
        <span aria-hidden="true">‹</span>
      </Link>
      <h1 className="text-xl font-bold">{title}</h1>
    </header>
  );
}
