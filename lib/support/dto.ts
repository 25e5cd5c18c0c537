/**
 * 1:1 support (1:1 문의): what crosses from the server to the screens, and the limits both sides show.
 * Client-safe: no server imports (components read these types and constants; the server enforces them).
 */
export const INQUIRY_CATEGORIES = ["account", "deposit", "withdraw", "staking", "verification", "other"] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];

/** 접수 → 답변 중 → 답변 완료 → 종료. */
export const INQUIRY_STATUSES = ["RECEIVED", "ANSWERING", "ANSWERED", "CLOSED"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** Images per message (each a JPEG or PNG judged by its content, at most 10 MB: lib/kyc/image.ts). */
export const INQUIRY_MAX_IMAGES = 3;
/** Characters per message (after trimming). */
export const INQUIRY_MAX_TEXT = 2000;
/** Characters of an optional subject (else the first line of the text, cut to this). */
export const INQUIRY_MAX_SUBJECT = 80;
/** Inquiries a member may have waiting for staff (접수 or 답변 중) at once. */
export const INQUIRY_MAX_WAITING = 3;

export type InquiryImageDto = { id: number; url: string; width: number; height: number };

export type InquiryMessageDto = {
  id: number;
  fromStaff: boolean;
  /** A staff author's login handle, for the console only (null on the member's side). */
  author: string | null;
  body: string;
  createdAt: string;
  images: InquiryImageDto[];
};

export type InquirySummaryDto = {
  id: number;
  category: InquiryCategory;
  subject: string;
  status: InquiryStatus;
  createdAt: string;
  updatedAt: string;
};

export type InquiryDetailDto = InquirySummaryDto & { messages: InquiryMessageDto[] };

export type StaffRef = { id: number; userId: string };

/** The SLA clock of one inquiry: hours waited since the oldest unanswered member message, against the target. */
export type SlaDto = {
  /** null while nothing waits for staff (answered or closed). */
  waitingSince: string | null;
  waitingHours: number | null;
  slaHours: number;
  overdue: boolean;
};

export type QueueItemDto = InquirySummaryDto &
  SlaDto & {
    member: { id: number; userId: string; name: string };
    assignee: StaffRef | null;
  };

export type QueueDto = {
  items: QueueItemDto[];
  total: number;
  page: number;
  limit: number;
  slaHours: number;
  /** Staff who may be assigned (they hold support.answer). */
  assignees: StaffRef[];
};

export type StaffInquiryDto = InquiryDetailDto &
  SlaDto & {
    member: { id: number; userId: string; name: string };
    assignee: StaffRef | null;
    firstAnsweredAt: string | null;
    closedAt: string | null;
  };
