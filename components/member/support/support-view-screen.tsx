"use client";

/**
 * /support/view?id=N: one inquiry — its status (chip and the four steps), the thread (the member's messages and the
 * staff's answers, with attached images opening full size), and a reply box unless it is closed (종료).
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { retryUnlessMissing, ViewScreen } from "@/components/member/view-screen";
import { InquiryThread } from "@/components/support/inquiry-thread";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { INQUIRY_MAX_TEXT, type InquiryDetailDto } from "@/lib/support/dto";
import { ImagePicker } from "./image-picker";
import { INQUIRIES_KEY } from "./support-list-screen";
import { StatusChip, StatusSteps } from "./status-chip";
import { useInquiryPost } from "./use-inquiry-post";

/** The inquiry's list, the keys of the view's words and its loading shapes (components/member/view-screen.tsx). */
const VIEW = {
  listHref: "/support",
  keys: { title: "viewTitle", toList: "backToList" },
  skeleton: ["h-16 w-full", "h-28 w-full"],
};

export function SupportViewScreen({ id }: { id: number | null }) {
  const t = useTranslations("Support");
  const locale = useLocale();
  const q = useQuery({
    queryKey: [...INQUIRIES_KEY, "one", id, locale],
    queryFn: () => api<InquiryDetailDto>(`/api/inquiries/${id}`),
    enabled: id !== null,
    retry: retryUnlessMissing,
  });

  return (
    <ViewScreen id={id} query={q} t={t} {...VIEW}>
      {(d) => (
        <>
          <section className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs text-gray-600">
                  {t(`category.${d.category}`)} · #{d.id}
                </p>
                <h2 className="font-bold break-words">{d.subject}</h2>
              </div>
              <StatusChip status={d.status} />
            </div>
            <StatusSteps status={d.status} />
          </section>
          <InquiryThread
            messages={d.messages}
            look="member"
            testId="inquiry-thread"
            author={(m) => (m.fromStaff ? t("staff") : t("me"))}
            openImage={(n) => t("openImage", { n })}
            attachment={(n) => t("attachment", { n })}
          />
          {d.status === "CLOSED" ? (
            <p className="rounded-xl bg-gray-100 p-3 text-sm text-gray-700">{t("closedNote")}</p>
          ) : (
            <>
              {d.status !== "ANSWERED" && <p className="text-sm text-gray-700">{t("waitingNote")}</p>}
              <ReplyBox id={d.id} />
            </>
          )}
        </>
      )}
    </ViewScreen>
  );
}

function ReplyBox({ id }: { id: number }) {
  const t = useTranslations("Support");
  const toast = useToast();
  const fieldId = useId();
  const post = useInquiryPost({
    url: `/api/inquiries/${id}/messages`,
    clearOnSent: true,
    onSent: () => toast(t("replied"), { kind: "success" }),
  });
  return (
    <form className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3" onSubmit={post.submit} noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium text-gray-700">
        {t("replyLabel")}
      </label>
      <textarea
        id={fieldId}
        value={post.text}
        onChange={(e) => post.setText(e.target.value)}
        rows={4}
        maxLength={INQUIRY_MAX_TEXT + 100}
        placeholder={t("replyPlaceholder")}
        className="rounded-xl border border-gray-300 px-3 py-2 text-base focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
        data-testid="support-reply"
      />
      <ImagePicker files={post.files} onChange={post.setFiles} onProblem={post.setProblem} disabled={post.busy} />
      {post.error && <FormAlert>{post.error}</FormAlert>}
      <Button type="submit" loading={post.busy} data-testid="support-send-reply">
        {t("sendReply")}
      </Button>
    </form>
  );
}
