"use client";

/**
 * The member's ID-verification state (GET /api/users/{userId}/id-document) and the upload with
 * progress. XMLHttpRequest rather than fetch: only it reports upload progress in browsers today.
 */
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/client/api";
import type { IdVerificationDto as IdVerification } from "@/lib/kyc/dto";

// Types only (erased at build): the client reads exactly the DTO the server writes.
export type { IdStatus, IdVerificationDto as IdVerification } from "@/lib/kyc/dto";

export const idVerificationKey = (userId: string) => ["id-verification", userId] as const;

export function useIdVerification(userId: string | undefined) {
  return useQuery({
    queryKey: idVerificationKey(userId ?? ""),
    queryFn: () => api<IdVerification>(`/api/users/${encodeURIComponent(userId ?? "")}/id-document`),
    enabled: Boolean(userId),
  });
}

export const MAX_ID_BYTES = 10 * 1024 * 1024;
const EXTENSIONS = ["jpg", "jpeg", "png"];
const MIME_TYPES = ["image/jpeg", "image/png"];

/** Client-side check (the spec's rule): extension and MIME type, at most 10 MB. The server decides again by content. */
export function checkIdFile(file: File | null | undefined): "noFile" | "type" | "size" | null {
  if (!file) return "noFile";
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!EXTENSIONS.includes(ext) || !MIME_TYPES.includes(file.type)) return "type";
  if (file.size > MAX_ID_BYTES) return "size";
  if (file.size === 0) return "noFile";
  return null;
}

/** POST /api/upload-id with progress (0–100). Resolves with { url }, rejects with ApiError. */
export function uploadIdImage(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload-id");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText || "{}");
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as { url: string });
      else reject(new ApiError(xhr.status, String(body.code ?? "INTERNAL"), String(body.error ?? ""), body));
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", ""));
    const data = new FormData();
    data.append("idImage", file, file.name);
    xhr.send(data);
  });
}
