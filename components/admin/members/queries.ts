"use client";

/** Data of the members screen: the list page, one member's stakes, ID document and history (react-query). */
import { useQuery } from "@tanstack/react-query";
import type { IdStatus, Role } from "@/db/schema";
import { api } from "@/lib/client/api";

export type MemberRow = {
  id: number;
  userId: string;
  name: string;
  role: Role;
  idStatus: IdStatus;
  createdAt: string;
  refCode: string;
  refId: string | null;
  walletAddr: string | null;
  phone: string | null;
  holdingWld?: string;
  stakedWld?: string;
};
export type MemberPage = { users: MemberRow[]; total: number; totalCapped?: boolean };
export type MemberFilter = { search: string; phone: string; page: number };

export const PAGE_SIZE = 10;
export const membersKey = ["admin", "members"] as const;
export const memberKey = (id: number) => ["admin", "member", id] as const;

export function useMemberPage(f: MemberFilter) {
  return useQuery({
    queryKey: [...membersKey, f],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(f.page), limit: String(PAGE_SIZE) });
      if (f.search) q.set("search", f.search);
      if (f.phone) q.set("phone", f.phone);
      return api<MemberPage>(`/api/admin/users/paginated?${q}`);
    },
    placeholderData: (prev) => prev,
  });
}

export type Stake = {
  coinSymbol: string;
  amount: string;
  profit: string;
  rateSource?: string;
  memberRate?: string | null;
  rewards: string;
};

export function useMemberStaking(id: number) {
  return useQuery({
    queryKey: [...memberKey(id), "staking"],
    queryFn: () => api<{ stakes: Stake[] }>(`/api/admin/users/${id}/staking`),
  });
}

export type IdDocument = { idStatus: IdStatus; url: string | null; reason: string | null; submittedAt: string | null };

export function useMemberIdDocument(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...memberKey(id), "id-document"],
    queryFn: () => api<IdDocument>(`/api/admin/users/${id}/id-document`),
    enabled,
  });
}

export type Tx = {
  id: number;
  type: string;
  coinSymbol: string;
  amount: string;
  createdAt: string;
  hidden: boolean;
  hiddenAt: string | null;
};

export function useMemberTransactions(id: number, page: number) {
  return useQuery({
    queryKey: [...memberKey(id), "transactions", page],
    queryFn: () => api<{ items: Tx[]; total: number }>(`/api/admin/users/${id}/transactions?page=${page}&limit=10`),
    placeholderData: (prev) => prev,
  });
}

/** The member's WLD rewards balance (what 이자 조정 moves). */
export function useMemberRewards(id: number) {
  return useQuery({
    queryKey: [...memberKey(id), "rewards"],
    queryFn: () => api<{ profit: string }>(`/api/admin/users/${id}/staking-profit`),
  });
}
