"use client";

/**
 * /admin/members: search `검색` (userId or name) and `전화번호`, 10 per page with a pager in groups of 10; page
 * and search live in the URL (refresh and back keep them) and the page also in localStorage (a return to the
 * bare URL resumes it). The userId of each row opens the member's detail dialog with every action.
 */
import { ExportButton } from "@/components/admin/kit/buttons";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useCan } from "@/components/admin/kit/use-can";
import { Field } from "@/components/admin/kit/fields";
import { fmtWld } from "@/components/admin/kit/format";
import { Pager } from "@/components/admin/kit/pager";
import { type Column, DataTable, PageHeader, Truncated, timeColumn } from "@/components/admin/kit/table";
import { MemberDetail } from "./member-detail";
import { type MemberRow, PAGE_SIZE, useMemberPage } from "./queries";

const PAGE_STORE = "admin.members.page";

function readPage(v: string | null): number {
  const n = Number(v ?? "1");
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

export function MembersScreen() {
  const t = useTranslations("Admin.members");
  const locale = useLocale();
  const ta = useTranslations("AuditLog");
  const may = useCan();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const search = params.get("search") ?? "";
  const phone = params.get("phone") ?? "";
  const page = readPage(params.get("page"));
  const [searchText, setSearchText] = useState(search);
  const [phoneText, setPhoneText] = useState(phone);
  const [openId, setOpenId] = useState<number | null>(null);

  useEffect(() => setSearchText(search), [search]);
  useEffect(() => setPhoneText(phone), [phone]);

  function go(next: { search?: string; phone?: string; page?: number }) {
    const q = new URLSearchParams();
    const s = next.search ?? search;
    const p = next.phone ?? phone;
    const pg = next.page ?? page;
    if (s) q.set("search", s);
    if (p) q.set("phone", p);
    if (pg > 1) q.set("page", String(pg));
    const qs = q.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  // The page is remembered: a visit to the bare list resumes it; every page shown is stored.
  useEffect(() => {
    if (params.has("page") || params.has("search") || params.has("phone")) return;
    try {
      const stored = readPage(localStorage.getItem(PAGE_STORE));
      if (stored > 1) router.replace(`${pathname}?page=${stored}`, { scroll: false });
    } catch {}
  }, []);
  useEffect(() => {
    try {
      localStorage.setItem(PAGE_STORE, String(page));
    } catch {}
  }, [page]);

  const q = useMemberPage({ search, phone, page });
  const rows = q.data?.users;
  const total = q.data?.total ?? 0;
  const open = rows?.find((r) => r.id === openId) ?? null;
  const columns: Column<MemberRow>[] = [
    {
      key: "userId",
      header: t("col.userId"),
      cell: (m) => (
        <button
          type="button"
          className="font-semibold text-blue-700 underline-offset-2 hover:underline"
          onClick={() => setOpenId(m.id)}
        >
          {m.userId}
        </button>
      ),
    },
    { key: "name", header: t("col.name"), cell: (m) => <Truncated text={m.name} /> },
    { key: "phone", header: t("col.phone"), cellAttrs: { "data-col": "phone" }, cell: (m) => m.phone || "—" },
    {
      key: "idStatus",
      header: t("col.idStatus"),
      cellAttrs: { "data-col": "idStatus" },
      cell: (m) => t(`idStatus.${m.idStatus}`),
    },
    {
      key: "holding",
      header: t("col.holding"),
      align: "end",
      cellAttrs: { "data-col": "holding" },
      cell: (m) => fmtWld(m.holdingWld, locale),
    },
    {
      key: "staked",
      header: t("col.staked"),
      align: "end",
      cellAttrs: { "data-col": "staked" },
      cell: (m) => fmtWld(m.stakedWld, locale),
    },
    timeColumn("createdAt", t("col.createdAt"), (m) => m.createdAt, { date: true }),
    {
      key: "role",
      header: t("col.role"),
      // The 역할 column goes with the right to change roles (the permission table, not a role name).
      hidden: !may("member.role"),
      cellAttrs: { "data-col": "role" },
      cell: (m) => ta(`value.${m.role}`),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")}>
        <ExportButton
          href={`/api/admin/export/members?${new URLSearchParams({ search, phone, ...(locale === "en" ? { lang: "en" } : {}) })}`}
        />
        {q.data && (
          <span className="text-sm text-gray-600 tabular-nums" data-testid="members-total">
            {q.data.totalCapped ? t("totalCapped", { count: total }) : t("total", { count: total })}
          </span>
        )}
      </PageHeader>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          go({ search: searchText.trim(), phone: phoneText.trim(), page: 1 });
        }}
      >
        <Field
          className="w-full sm:w-56"
          name="search"
          label={t("search")}
          type="search"
          value={searchText}
          onChange={setSearchText}
          placeholder={t("searchHint")}
        />
        <Field
          className="w-full sm:w-44"
          name="phone"
          label={t("phone")}
          value={phoneText}
          onChange={setPhoneText}
          inputMode="tel"
        />
        <button type="submit" className="rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white">
          {t("find")}
        </button>
        {(search || phone) && (
          <button
            type="button"
            className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm"
            onClick={() => go({ search: "", phone: "", page: 1 })}
          >
            {t("reset")}
          </button>
        )}
      </form>
      <DataTable
        label={t("tableLabel")}
        columns={columns}
        rows={rows ?? []}
        rowKey={(m) => m.id}
        rowAttrs={(m) => ({ "data-testid": `member-row-${m.userId}` })}
        // A failed refetch keeps the rows it has; only a page that never loaded shows the error and 다시 시도.
        query={{ isPending: q.isPending, isError: q.isError && !q.data, error: q.error }}
        skeletonRows={PAGE_SIZE}
        empty={t("empty")}
        errorText={() => (
          <>
            <span role="alert">{t("loadFailed")}</span>{" "}
            <button type="button" className="underline" onClick={() => void q.refetch()}>
              {t("retry")}
            </button>
          </>
        )}
      />
      <Pager
        page={page}
        total={total}
        limit={PAGE_SIZE}
        onPage={(p) => go({ page: p })}
        more={!!q.data?.totalCapped && rows?.length === PAGE_SIZE}
      />
      {open && <MemberDetail member={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
