import { SupportViewScreen } from "@/components/member/support/support-view-screen";

/** One inquiry: /support/view?id=N (a query string: lib/i18n/page-rewrites.ts has no dynamic page folders). */
export default async function SupportViewPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const raw = (await searchParams).id;
  const id = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return <SupportViewScreen id={id} />;
}
