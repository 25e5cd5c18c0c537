"use client";

/**
 * One inquiry in the console: the member, the status, the assignee and the SLA clock; the thread with its images
 * (opened full size in a new window; each staff view of an image is audited by the server); and, for support.answer,
 * assigning (to oneself or another staff member), answering and closing (confirmed first).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { AdminInfo } from "@/components/admin/admin-context";
import { useCan } from "@/components/admin/kit/use-can";
import { InquiryThread } from "@/components/support/inquiry-thread";
import { AdminDialog, useErrorText } from "@/components/admin/kit/dialog";
import { Fact, Field, Select } from "@/components/admin/kit/fields";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { INQUIRY_MAX_TEXT, type StaffInquiryDto, type StaffRef } from "@/lib/support/dto";
import { AdminStatus, SlaClock } from "./sla";

const KEY = ["admin", "support"] as const;

export function InquiryDetail({
  id,
  assignees,
  me,
  onBack,
}: {
  id: number;
  assignees: StaffRef[];
  me: AdminInfo;
  onBack: () => void;
}) {
  const t = useTranslations("SupportAdmin");
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [answer, setAnswer] = useState("");
  const [assignee, setAssignee] = useState("");
  const [closing, setClosing] = useState(false);
  const mayAnswer = useCan()("support.answer");

  const q = useQuery({
    queryKey: [...KEY, "one", id, locale],
    queryFn: () => api<StaffInquiryDto>(`/api/admin/inquiries/${id}`),
  });
  const done = async (message: string) => {
    await qc.invalidateQueries({ queryKey: KEY });
    toast(message, { kind: "success" });
  };
  const assign = useMutation({
    mutationFn: (to: number) =>
      api<StaffInquiryDto>(`/api/admin/inquiries/${id}/assign`, { method: "POST", body: { assigneeId: to } }),
    onSuccess: (r) => done(t("assigned", { userId: r.assignee?.userId ?? "" })),
  });
  const send = useMutation({
    mutationFn: () =>
      api<StaffInquiryDto>(`/api/admin/inquiries/${id}/answer`, { method: "POST", body: { text: answer } }),
    onSuccess: async () => {
      setAnswer("");
      await done(t("answered"));
    },
  });

  const d = q.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t("detailTitle", { id })}</h1>
        <Button variant="secondary" size="sm" onClick={onBack}>
          {t("closeDetail")}
        </Button>
      </div>
      {q.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={t("loading")} aria-busy="true">
          <div className="skeleton h-20 w-full" />
          <div className="skeleton h-40 w-full" />
        </div>
      ) : q.isError || !d ? (
        <FormAlert>{errorText(q.error)}</FormAlert>
      ) : (
        <>
          <dl className="grid gap-x-6 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label={t("col.subject")}>
              <span className="break-words whitespace-normal">{d.subject}</span>
            </Fact>
            <Fact label={t("col.member")}>{t("memberLine", { userId: d.member.userId, name: d.member.name })}</Fact>
            <Fact label={t("col.category")}>{t(`category.${d.category}`)}</Fact>
            <Fact label={t("col.status")}>
              <AdminStatus status={d.status} />
            </Fact>
            <Fact label={t("col.assignee")}>{d.assignee?.userId ?? t("unassigned")}</Fact>
            <Fact label={`${t("col.waiting")} (${t("sla", { hours: d.slaHours })})`}>
              <SlaClock sla={d} />
            </Fact>
          </dl>

          <InquiryThread
            messages={d.messages}
            look="console"
            testId="admin-thread"
            author={(m) => (m.fromStaff ? t("staff", { userId: m.author ?? "" }) : `${t("member")} ${d.member.userId}`)}
            openImage={(n) => t("openImage", { n })}
            attachment={(n) => t("attachment", { n })}
            imageTestId="admin-inquiry-image"
          />

          {d.status === "CLOSED" ? (
            <p className="rounded-xl bg-gray-100 p-3 text-sm text-gray-700">{t("closedNote")}</p>
          ) : !mayAnswer ? (
            <p className="text-sm text-gray-700">{t("cannotAnswer")}</p>
          ) : (
            <section className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-end gap-2">
                <Select
                  label={t("assignTo")}
                  value={assignee || String(d.assignee?.id ?? "")}
                  onChange={setAssignee}
                  options={[
                    { value: "", label: t("unassigned") },
                    ...assignees.map((s) => ({ value: String(s.id), label: s.userId })),
                  ]}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!assignee || assignee === String(d.assignee?.id ?? "")}
                  loading={assign.isPending && assign.variables !== me.id}
                  onClick={() => assign.mutate(Number(assignee))}
                >
                  {t("assign")}
                </Button>
                {d.assignee?.id !== me.id && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={assign.isPending && assign.variables === me.id}
                    onClick={() => assign.mutate(me.id)}
                    data-testid="assign-me"
                  >
                    {t("assignMe")}
                  </Button>
                )}
              </div>
              {assign.isError && <FormAlert>{errorText(assign.error)}</FormAlert>}
              <form
                className="flex flex-col gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  send.mutate();
                }}
              >
                <Field
                  label={t("answerLabel")}
                  value={answer}
                  onChange={setAnswer}
                  rows={5}
                  maxLength={INQUIRY_MAX_TEXT + 100}
                  placeholder={t("answerPlaceholder")}
                  testId="answer-text"
                />
                {send.isError && <FormAlert>{errorText(send.error)}</FormAlert>}
                <div className="flex flex-wrap justify-between gap-2">
                  <Button type="submit" size="sm" loading={send.isPending} data-testid="answer-send">
                    {t("sendAnswer")}
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => setClosing(true)} data-testid="close-inquiry">
                    {t("close")}
                  </Button>
                </div>
              </form>
            </section>
          )}
        </>
      )}
      <AdminDialog
        open={closing}
        title={t("close")}
        danger
        memo={false}
        confirmLabel={t("close")}
        onClose={() => setClosing(false)}
        onConfirm={async () => {
          await api(`/api/admin/inquiries/${id}/close`, { method: "POST", body: {} });
          setClosing(false);
          await done(t("closed"));
        }}
      >
        <p className="text-sm text-gray-700">{t("closeConfirm")}</p>
      </AdminDialog>
    </div>
  );
}
