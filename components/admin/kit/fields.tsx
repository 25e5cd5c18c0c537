"use client";

/**
 * The console's one set of form fields: every field has a visible label that is its accessible name, an optional
 * hint and error (announced: aria-describedby, aria-invalid, role="alert"). Filters (`Select`, `FilterField`)
 * use the compact label of a filter row; dialog fields (`Field`, `TextArea`, `Radios`, `Checks`) the full one.
 */
import { useEffect, useId, useState } from "react";

/** The box of every text field, select and text area of the console. */
export const fieldBox =
  "rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30";
const LABEL = "text-sm font-medium text-gray-700";
const FILTER_LABEL = "text-xs font-medium text-gray-600";

/** A label above its control, with the hint and error below it (ids from `describedBy`). */
function Labelled({
  id,
  label,
  labelClass = LABEL,
  hint,
  error,
  className = "",
  children,
}: {
  id: string;
  label: string;
  labelClass?: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="break-keep text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint?: string, error?: string | null) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

export type FieldProps = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** The form field name (a form submitted before hydration still sends it). */
  name?: string;
  type?: "text" | "search" | "date" | "datetime-local";
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
  placeholder?: string;
  className?: string;
  /** Help text under the field. */
  hint?: string;
  /** Error text under the field, announced. */
  error?: string | null;
  required?: boolean;
  spellCheck?: boolean;
  /** The latest day a date field offers. */
  max?: string;
  maxLength?: number;
  /** A text area of this many rows instead of a one-line field. */
  rows?: number;
  /** Monospace text (markdown, hashes). */
  mono?: boolean;
  testId?: string;
};

/** A labelled text, date or multi-line field. */
export function Field({
  label,
  value,
  onChange,
  name,
  type = "text",
  inputMode,
  autoComplete = "off",
  placeholder,
  className = "",
  hint,
  error,
  required,
  spellCheck,
  max,
  maxLength,
  rows,
  mono = false,
  testId,
}: FieldProps) {
  const id = useId();
  const numeric = inputMode === "decimal" || type === "date" || type === "datetime-local";
  const common = {
    id,
    name,
    value,
    placeholder,
    required,
    spellCheck,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    "data-testid": testId,
    className: `w-full min-w-0 ${fieldBox} ${mono ? "font-mono" : ""} ${error ? "border-rose-500" : ""} ${
      numeric ? "tabular-nums" : ""
    } ${inputMode === "decimal" ? "text-right" : ""}`,
  };
  return (
    <Labelled id={id} label={label} hint={hint} error={error} className={className}>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          max={max}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Labelled>
  );
}

/** A short reason or note: two rows, at most 500 characters (what the audit row keeps). */
export function TextArea(props: Omit<FieldProps, "rows" | "type">) {
  return <Field maxLength={500} {...props} rows={2} />;
}

/** A labelled select, with a filter's compact label. */
export function Select({
  label,
  value,
  onChange,
  options,
  className = "",
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  className?: string;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label} labelClass={FILTER_LABEL} className={className}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldBox}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A compact labelled filter field; commits on Enter or blur so typing does not refetch per key. */
export function FilterField({
  label,
  value,
  onCommit,
  type = "text",
  className = "",
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  type?: "text" | "date";
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  // What the field shows is what is committed (the DOM's value: text typed before hydration is not in state).
  const commit = (shown: string) => {
    if (shown.trim() !== value) onCommit(shown.trim());
  };
  return (
    <Labelled id={id} label={label} labelClass={FILTER_LABEL} className={className}>
      <input
        id={id}
        type={type}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (type === "date") onCommit(e.target.value);
        }}
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(e.currentTarget.value);
        }}
        className={`min-w-0 ${fieldBox}`}
      />
    </Labelled>
  );
}

/** A group of choices with a visible legend: radios (one value) or checkboxes (`Checks`, several). */
function Choices({
  legend,
  type,
  options,
  isChecked,
  onToggle,
}: {
  legend: string;
  type: "radio" | "checkbox";
  options: { value: string; label: string }[];
  isChecked: (v: string) => boolean;
  onToggle: (v: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className={LABEL}>{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((o) => (
          <label
            key={o.value}
            htmlFor={`${name}-${o.value}`}
            className={`flex items-center gap-2 text-sm ${type === "checkbox" ? "min-h-11" : ""}`}
          >
            <input
              id={`${name}-${o.value}`}
              type={type}
              name={name}
              value={o.value}
              checked={isChecked(o.value)}
              onChange={() => onToggle(o.value)}
              className="h-4 w-4 accent-gray-900"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
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
  return (
    <Choices
      legend={legend}
      type="radio"
      options={options}
      isChecked={(v) => v === value}
      onToggle={(v) => onChange(v as V)}
    />
  );
}

/** A checkbox group with a visible legend: `values` are the checked ones, `onToggle` flips one. */
export function Checks<V extends string>({
  legend,
  values,
  onToggle,
  options,
}: {
  legend: string;
  values: readonly V[];
  onToggle: (v: V) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <Choices
      legend={legend}
      type="checkbox"
      options={options}
      isChecked={(v) => values.includes(v as V)}
      onToggle={(v) => onToggle(v as V)}
    />
  );
}

/** One checkbox with its label beside it (a switch such as 상단 고정 or 사용). */
export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-gray-900"
      />
      {label}
    </label>
  );
}

/** A labelled file field; the caller reads the chosen file through `inputRef` (a form also sends it by `name`). */
export function FileField({
  label,
  name,
  accept,
  hint,
  inputRef,
}: {
  label: string;
  name: string;
  accept: string;
  hint?: string;
  inputRef: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-describedby={describedBy(id, hint)}
        className="max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:text-sm"
      />
    </Labelled>
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
