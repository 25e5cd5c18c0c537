/**
 * The notices' contract types, shared by routes, lib and components (client-safe: no database import).
 */
export const NOTICE_CATEGORIES = ["general", "maintenance", "event", "policy", "security"] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** A notice as a member sees it in the list, in their language (English falls back to Korean when empty). */
export type NoticeListItem = {
  id: number;
  category: NoticeCategory;
  title: string;
  pinned: boolean;
  publishedFrom: string;
  unread: boolean;
};

export type NoticeListPage = { items: NoticeListItem[]; total: number; unread: number; page: number; limit: number };

/** One notice as a member reads it: the body is markdown, rendered without raw HTML. */
export type NoticeDetail = NoticeListItem & { body: string };

/** A notice as the console edits it: both languages and the whole window. */
export type AdminNotice = {
  id: number;
  category: NoticeCategory;
  titleKo: string;
  titleEn: string;
  bodyKo: string;
  bodyEn: string;
  pinned: boolean;
  publishedFrom: string;
  publishedUntil: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  /** live: inside its window now; scheduled: not yet; ended: past published_until (withdrawn or expired). */
  state: "live" | "scheduled" | "ended";
};

export type AdminNoticePage = { items: AdminNotice[]; total: number; page: number; limit: number };
