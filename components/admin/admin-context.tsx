"use client";

/** The signed-in administrator as app/lang/[locale]/admin/layout.tsx saw it (id, handle, role); every API call still authorizes itself. */
import { createContext, useContext } from "react";
import type { Role } from "@/lib/auth/roles";

export type AdminInfo = { id: number; userId: string; role: Role };

const AdminContext = createContext<AdminInfo | null>(null);

export function AdminProvider({ admin, children }: { admin: AdminInfo; children: React.ReactNode }) {
  return <AdminContext.Provider value={admin}>{children}</AdminContext.Provider>;
}

export function useAdmin(): AdminInfo {
  const a = useContext(AdminContext);
  if (!a) throw new Error("useAdmin outside AdminProvider");
  return a;
}
