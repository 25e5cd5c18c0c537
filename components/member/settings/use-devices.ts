"use client";

/** The login-devices calls (app/api/sessions) as react-query hooks; a change refreshes the list. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeviceDto } from "@/lib/auth/devices";
import { api } from "@/lib/client/api";
import { refreshQueries } from "@/lib/client/refresh";

export type Device = DeviceDto;

export const devicesKey = ["sessions"] as const;

export function useDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: async () => (await api<{ items: Device[] }>("/api/sessions")).items,
  });
}

export function useEndDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) =>
      api<{ ok: true; current: boolean }>(`/api/sessions/${encodeURIComponent(handle)}`, { method: "DELETE" }),
    onSuccess: (res) => {
      if (!res.current) void refreshQueries(qc, { queryKey: devicesKey });
    },
  });
}

export function useEndOtherDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ended: number }>("/api/sessions/end-others", { method: "POST" }),
    onSuccess: () => refreshQueries(qc, { queryKey: devicesKey }),
  });
}
