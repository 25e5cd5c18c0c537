"use client";

import { forwardRef, useId } from "react";

export type InputProps = React.InputHTMLAttributes<HTMLInputElement> & {
  /** The visible label; it is also the field's accessible name. */
  label: string;
  /** Error text shown under the field and announced (aria-invalid + aria-describedby). */
  error?: string | null;
  /** Help text under the field. */
  hint?: string;
  /** A required field: a red `*` after the label (not read out; the field says aria-required instead). */
  requiredMark?: boolean;
};

/** A labelled text field with optional hint and error text. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, id, className = "", requiredMark, ...rest },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? `f${auto}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {requiredMark ? (
        // The mark sits beside the label, not in it: the field's name stays the label's text alone.
        <div className="flex items-baseline gap-0.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-gray-700">
            {label}
          </label>
          <span aria-hidden="true" className="text-sm font-medium text-rose-600">
            *
          </span>
        </div>
      ) : (
        <label htmlFor={fieldId} className="text-sm font-medium text-gray-700">
          {label}
        </label>
      )}
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-required={requiredMark || undefined}
        aria-describedby={describedBy}
        className={`rounded-xl border px-4 py-3 text-base outline-none focus:border-accent focus:ring-2 focus:ring-accent/30 ${
          error ? "border-rose-500" : "border-gray-300"
        }`}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
});
