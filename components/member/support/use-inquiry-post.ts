"use client";

/**
 * Writing to 1:1 문의 (a new inquiry, or a reply in one): the text and images being written, sent as multipart
 * (`text`, `images`, and the caller's other fields) to `url`; the member's inquiries are refreshed before `onSent`.
 * `error` is the image picker's problem or the server's refusal in the member's language.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "@/components/member/error-text";
import { api } from "@/lib/client/api";
import type { InquiryDetailDto } from "@/lib/support/dto";
import { INQUIRIES_KEY } from "./support-list-screen";

export function useInquiryPost({
  url,
  fields = {},
  clearOnSent = false,
  onSent,
}: {
  url: string;
  fields?: Record<string, string>;
  /** Empty the text and images once sent (a reply box that stays on screen). */
  clearOnSent?: boolean;
  onSent: (inquiry: InquiryDetailDto) => Promise<void> | void;
}) {
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append("text", text);
      for (const f of files) fd.append("images", f, f.name);
      return api<InquiryDetailDto>(url, { method: "POST", body: fd });
    },
    onSuccess: async (r) => {
      if (clearOnSent) {
        setText("");
        setFiles([]);
      }
      await qc.invalidateQueries({ queryKey: INQUIRIES_KEY });
      await onSent(r);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    send.mutate();
  };
  return {
    text,
    setText,
    files,
    setFiles,
    setProblem,
    submit,
    busy: send.isPending,
    error: problem ?? (send.isError ? errorText(send.error) : null),
  };
}
