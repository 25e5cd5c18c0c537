"use client";

/**
 * /support/view?id=N: one inquiry — its status (chip and the four steps), the thread (the member's messages and the
 * staff's answers, with attached images opening full size), and a reply box unless it is closed (종료).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { AppLink } from "@/components/ui/app-link";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { ApiError, api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import { INQUIRY_MAX_TEXT, type InquiryDetailDto, type InquiryMessageDto } from "@/lib/support/dto";
import { ImagePicker } from "./image-picker";
import { INQUIRIES_KEY } from "./support-list-screen";
import { StatusChip, StatusSteps } from "./status-chip";

export function SupportViewScreen({ id }: { id: number | null }) {
  const t = useTranslations("Support");
  const locale = useLocale();
  const errorText = useErrorText();
  const q = useQuery({
    queryKey: [...INQUIRIES_KEY, "one", id, locale],
    queryFn: () => api<InquiryDetailDto>(`/api/inquiries/${id}`),
    enabled: id !== null,
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });
  const missing = id === null || (q.error instanceof ApiError && q.error.status === 404);

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/support" backLabel={t("back")} title={t("viewTitle")} />
      {missing ? (
        <div className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-700">
          <p className="font-semibold">{t("notFound")}</p>
          <AppLink href="/support" className="mt-2 inline-block font-semibold text-blue-700 underline">
            {t("backToList")}
          </AppLink>
        </div>
      ) : q.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={t("loading")} aria-busy="true">
          <div className="skeleton h-16 w-full" />
          <div className="skeleton h-28 w-full" />
        </div>
      ) : q.isError ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : (
        <>
          <section className="flex flex-col gap-2 rounded-xl border border-gray-200 p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs text-gray-600">
                  {t(`category.${q.data.category}`)} · #{q.data.id}
                </p>
                <h2 className="font-bold break-words">{q.data.subject}</h2>
              </div>
              <StatusChip status={q.data.status} />
            </div>
            <StatusSteps status={q.data.status} />
          </section>
          <ol className="flex flex-col gap-3" data-testid="inquiry-thread">
            {q.data.messages.map((m) => (
              <Message key={m.id} m={m} />
            ))}
          </ol>
          {q.data.status === "CLOSED" ? (
            <p className="rounded-xl bg-gray-100 p-3 text-sm text-gray-700">{t("closedNote")}</p>
          ) : (
            <>
              {q.data.status !== "ANSWERED" && <p className="text-sm text-gray-700">{t("waitingNote")}</p>}
              <ReplyBox id={q.data.id} />
            </>
          )}
        </>
      )}
    </main>
  );
}

function Message({ m }: { m: InquiryMessageDto }) {
  const t = useTranslations("Support");
  const locale = useLocale();
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl p-3 ${m.fromStaff ? "mr-6 border border-emerald-200 bg-emerald-50" : "ml-6 bg-gray-100"}`}
      data-testid={m.fromStaff ? "staff-message" : "member-message"}
    >
      <p className="flex items-center justify-between gap-2 text-xs text-gray-700">
        <span className="font-semibold">{m.fromStaff ? t("staff") : t("me")}</span>
        <span>{formatKst(m.createdAt, locale)}</span>
      </p>
      <p className="text-sm break-words whitespace-pre-wrap text-gray-900">{m.body}</p>
      {m.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {m.images.map((img, i) => (
            <li key={img.id}>
              <a
                href={img.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t("openImage", { n: i + 1 })}
                className="block focus-visible:outline-2 focus-visible:outline-accent"
              >
                <img
                  src={img.url}
                  alt={t("attachment", { n: i + 1 })}
                  width={img.width}
                  height={img.height}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg border border-gray-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ReplyBox({ id }: { id: number }) {
  const t = useTranslations("Support");
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const fieldId = useId();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const fd = new FormData();
      fd.append("text", text);
      for (const f of files) fd.append("images", f, f.name);
      return api<InquiryDetailDto>(`/api/inquiries/${id}/messages`, { method: "POST", body: fd });
    },
    onSuccess: async () => {
      setText("");
      setFiles([]);
      await qc.invalidateQueries({ queryKey: INQUIRIES_KEY });
      toast(t("replied"), { kind: "success" });
    },
  });
  const error = problem ?? (send.isError ? errorText(send.error) : null);
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        send.mutate();
      }}
      noValidate
    >
      <label htmlFor={fieldId} className="text-sm font-medium text-gray-700">
        {t("replyLabel")}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        maxLength={INQUIRY_MAX_TEXT + 100}
        placeholder={t("replyPlaceholder")}
        className="rounded-xl border border-gray-300 px-3 py-2 text-base focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
        data-testid="support-reply"
      />
      <ImagePicker files={files} onChange={setFiles} onProblem={setProblem} disabled={send.isPending} />
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" loading={send.isPending} data-testid="support-send-reply">
        {t("sendReply")}
      </Button>
    </form>
  );
}
