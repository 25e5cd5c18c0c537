"use client";

/** The two-factor calls (app/api/two-factor) as react-query hooks; a change refreshes the state. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Enrolment, TwoFactorStatus } from "@/lib/auth/two-factor";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";

export const twoFactorKey = ["two-factor"] as const;

export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: () => api<TwoFactorStatus>("/api/two-factor"),
    enabled,
  });
}

/** Starting needs the current password (a session alone does not bind the account to a phone). */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: (currentPassword: string) =>
      api<Enrolment>("/api/two-factor/enrol", { method: "POST", body: { currentPassword } }),
  });
}

export function useConfirmEnrolment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ recoveryCodes: string[] }>("/api/two-factor/confirm", { method: "POST", body: { code } }),
    onSuccess: () => refreshQueries(qc, { queryKey: twoFactorKey }),
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; code: string }) =>
      api<{ ok: true }>("/api/two-factor/disable", { method: "POST", body: input }),
    onSuccess: () => refreshQueries(qc, { queryKey: twoFactorKey }),
  });
}
