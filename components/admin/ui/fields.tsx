"use client";

/** Compact labelled fields of the admin console (the label is the accessible name). */
import { useId } from "react";

const box =
  "w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30";

export function Field({
  label,
  value,
  onChange,
  inputMode,
  autoComplete = "off",
  placeholder,
  className = "",
  type = "text",
  name,
}: {
  /** The form field name (a form submitted before hydration still sends it). */
  name?: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  placeholder?: string;
  className?: string;
  type?: "text" | "search" | "date";
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className={`${box} ${inputMode === "decimal" ? "text-right tabular-nums" : ""}`}
      />
    </div>
  );
}

export function TextArea({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={2}
        maxLength={500}
        onChange={(e) => onChange(e.target.value)}
        className={box}
      />
    </div>
  );
}

/** A radio group with a visible legend. */
export function Radios<V extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: V;
  onChange: (v: V) => void;
  options: { value: V; label: string }[];
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="h-4 w-4 accent-gray-900"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A label : value line of a detail view (numbers right-aligned, tabular). */
export function Fact({ label, children, numeric }: { label: string; children: React.ReactNode; numeric?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-gray-100 py-1.5 text-sm">
      <dt className="shrink-0 text-gray-600">{label}</dt>
      <dd className={`min-w-0 break-all text-right ${numeric ? "tabular-nums" : ""}`}>{children}</dd>
    </div>
  );
}

/** Before → after of a money change, shown in its dialog before confirming (STYLE: money asks, shows both). */
export function BeforeAfter({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <p
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm"
      data-testid="before-after"
    >
      <span className="text-gray-600">{label}</span>
      <span className="tabular-nums">
        {before} <span aria-hidden="true">→</span>
        <span className="sr-only">, </span> <strong>{after}</strong>
      </span>
    </p>
  );
}
