"use client";

/**
 * The signed-in member as the server saw it for this page (app/(member)/layout.tsx reads the
 * session cookie). localStorage `userId`/`role` are kept only as hints for older UI code.
 */
import { createContext, useContext, useEffect } from "react";

export type MemberInfo = {
  userId: string;
  name: string;
  role: "USER" | "ADMIN" | "SUPERADMIN";
  idStatus: "NONE" | "PENDING" | "APPROVED" | "REJECTED";
};

const MemberContext = createContext<MemberInfo | null>(null);

export function MemberProvider({ member, children }: { member: MemberInfo; children: React.ReactNode }) {
  useEffect(() => {
    try {
      localStorage.setItem("userId", member.userId);
      localStorage.setItem("role", member.role);
    } catch {}
  }, [member.userId, member.role]);
  return <MemberContext.Provider value={member}>{children}</MemberContext.Provider>;
}

/** The current member; only usable under app/(member). */
export function useMember(): MemberInfo {
  const m = useContext(MemberContext);
  if (!m) throw new Error("useMember outside MemberProvider");
  return m;
}
