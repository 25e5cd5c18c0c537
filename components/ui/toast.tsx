"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

type ToastKind = "info" | "success" | "error";
type ToastItem = { id: number; message: string; kind: ToastKind };
type ShowToast = (message: string, opts?: { kind?: ToastKind; durationMs?: number }) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * Toasts for the whole app: wrap a subtree in <ToastProvider> and call `useToast()(message)`.
 * Messages are announced politely (role="status"); errors assertively (role="alert").
 * Default duration 2 s (the spec's invite link and settings toasts).
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const seq = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
    };
  }, []);

  const show = useCallback<ShowToast>((message, opts = {}) => {
    seq.current += 1;
    const id = seq.current;
    setItems((list) => [...list, { id, message, kind: opts.kind ?? "info" }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setItems((list) => list.filter((t) => t.id !== id));
    }, opts.durationMs ?? 2000);
    timers.current.add(timer);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex flex-col items-center gap-2 px-4">
        {items.map((t) => (
          <div
            key={t.id}
            role={t.kind === "error" ? "alert" : "status"}
            className={`pointer-events-auto max-w-[400px] rounded-xl px-4 py-3 text-sm text-white shadow-lg ${
              t.kind === "error" ? "bg-rose-600" : t.kind === "success" ? "bg-emerald-700" : "bg-gray-900/90"
            }`}
          >
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * The toast function. Every screen renders under a ToastProvider (the member and admin layouts); a
 * component used outside one is a bug, reported at once rather than covered by the browser's alert().
 */
export function useToast(): ShowToast {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast() needs a <ToastProvider> above it");
  return ctx;
}
