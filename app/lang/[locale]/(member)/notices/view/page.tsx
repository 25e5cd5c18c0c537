import { NoticeViewScreen } from "@/components/member/notices/notice-view-screen";

/** One notice: /notices/view?id=N (a query string: lib/i18n/page-rewrites.ts has no dynamic page folders). */
export default async function NoticeViewPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const raw = (await searchParams).id;
  const id = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return <NoticeViewScreen id={id} />;
}
