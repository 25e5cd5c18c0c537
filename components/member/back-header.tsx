import { AppLink } from "@/components/ui/app-link";
import { ChevronLeftIcon } from "@/components/ui/icon";

/** A sub-screen's header: a back link (a chevron, named by backLabel; 44 × 44 px) and the screen title. */
export function BackHeader({ href, backLabel, title }: { href: string; backLabel: string; title: string }) {
  return (
    <header className="flex items-center gap-2">
      <AppLink
        href={href}
        aria-label={backLabel}
        className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <ChevronLeftIcon />
      </AppLink>
      <h1 className="text-xl font-bold">{title}</h1>
    </header>
  );
}
