/**
 * The client providers of the member screens and the console: next-intl with that part's namespaces
 * (./intl-provider.tsx) and React Query. The public pages have messages only (app/lang/[locale]/(public)/layout.tsx),
 * so they do not download React Query.
 */
import type { CLIENT_NAMESPACES } from "@/lib/i18n/messages";
import { IntlArea } from "./intl-provider";
import { QueryProvider } from "./query-provider";

export async function AreaProviders({
  area,
  children,
}: {
  area: Exclude<keyof typeof CLIENT_NAMESPACES, "public" | "document">;
  children: React.ReactNode;
}) {
  return (
    <IntlArea area={area}>
      <QueryProvider>{children}</QueryProvider>
    </IntlArea>
  );
}
