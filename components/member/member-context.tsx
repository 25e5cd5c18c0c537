"use client";

/**
 * The signed-in member as the server saw it for this page (app/lang/[locale]/(member)/layout.tsx reads the
 * session cookie). localStorage `userId`/`role` are kept only as hints for older UI code.
 */
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
import type { Role } from "@/lib/auth/roles";
import type { IdStatus } from "@/lib/kyc/dto";
import { goToLogin, isSessionEnded } from "@/lib/client/api";

export type MemberInfo = {
  userId: string;
  name: string;
  role: Role;
  idStatus: IdStatus;
};

const MemberContext = createContext<MemberInfo | null>(null);

export function MemberProvider({ member, children }: { member: MemberInfo; children: React.ReactNode }) {
  useEffect(() => {
    try {
      localStorage.setItem("userId", member.userId);
      localStorage.setItem("role", member.role);
    } catch {}
  }, [member.userId, member.role]);

  // A session that ended meanwhile (logout elsewhere, password change, deactivation): to /login and back
  // here after logging in. lib/client/api.ts already does this; this also covers calls made without it.
  const qc = useQueryClient();
  useEffect(() => {
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error" && isSessionEnded(e.action.error)) goToLogin();
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "error" && isSessionEnded(e.action.error)) goToLogin();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc]);

  return <MemberContext.Provider value={member}>{children}</MemberContext.Provider>;
}

/** The current member; only usable under app/lang/[locale]/(member). */
export function useMember(): MemberInfo {
  const m = useContext(MemberContext);
  if (!m) throw new Error("useMember outside MemberProvider");
  return m;
}
