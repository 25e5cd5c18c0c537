"use client";

/**
 * One 1:1 inquiry's thread, drawn the same for the member (/support/view) and the console (/admin/support?id=):
 * each message with its author and KST time, the text as typed, attached images opening full size in a new tab.
 * The member's side shows the staff on the left and their own messages on the right as a chat does; the console
 * shows the member on the left, staff indented from 1024 px. The caller names authors and images (each side's
 * words).
 */
import { useLocale } from "next-intl";
import { formatKst } from "@/lib/kst-time";
import type { InquiryMessageDto } from "@/lib/support/dto";

const LOOK = {
  member: {
    staff: "rounded-2xl mr-6 border border-emerald-200 bg-emerald-50",
    member: "rounded-2xl ml-6 bg-gray-100",
    head: "items-center",
    images: "grid grid-cols-3 gap-2",
    image: "aspect-square w-full",
  },
  console: {
    staff: "rounded-xl border border-emerald-200 bg-emerald-50 lg:ml-12",
    member: "rounded-xl border border-gray-200 bg-white lg:mr-12",
    head: "flex-wrap",
    images: "flex flex-wrap gap-2",
    image: "h-32 w-32",
  },
} as const;

export function InquiryThread({
  messages,
  look,
  testId,
  author,
  openImage,
  attachment,
  imageTestId,
}: {
  messages: InquiryMessageDto[];
  look: keyof typeof LOOK;
  testId: string;
  /** Who wrote the message, in the reader's words. */
  author: (m: InquiryMessageDto) => string;
  /** The accessible name of the link opening image `n` (1-based). */
  openImage: (n: number) => string;
  /** The alt text of image `n`. */
  attachment: (n: number) => string;
  imageTestId?: string;
}) {
  const locale = useLocale();
  const l = LOOK[look];
  return (
    <ol className="flex flex-col gap-3" data-testid={testId}>
      {messages.map((m) => (
        <li
          key={m.id}
          className={`flex flex-col gap-2 p-3 ${m.fromStaff ? l.staff : l.member}`}
          data-testid={m.fromStaff ? "staff-message" : "member-message"}
        >
          <p className={`flex justify-between gap-2 text-xs text-gray-700 ${l.head}`}>
            <span className="font-semibold">{author(m)}</span>
            <span>{formatKst(m.createdAt, locale)}</span>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap text-gray-900">{m.body}</p>
          {m.images.length > 0 && (
            <ul className={l.images}>
              {m.images.map((img, i) => (
                <li key={img.id}>
                  <a
                    href={img.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={openImage(i + 1)}
                    className="block focus-visible:outline-2 focus-visible:outline-accent"
                  >
                    <img
                      src={img.url}
                      alt={attachment(i + 1)}
                      width={img.width}
                      height={img.height}
                      loading="lazy"
                      className={`rounded-lg border border-gray-200 object-cover ${l.image}`}
                      data-testid={imageTestId}
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
