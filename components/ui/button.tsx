"use client";

import { forwardRef } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "md" | "lg" | "sm";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand text-white hover:bg-black disabled:bg-gray-300 disabled:text-gray-500",
  secondary: "border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 disabled:text-gray-400",
  ghost: "bg-transparent text-gray-700 hover:bg-gray-100 disabled:text-gray-400",
  danger: "bg-rose-600 text-white hover:bg-rose-700 disabled:bg-gray-300 disabled:text-gray-500",
};
const SIZES: Record<Size, string> = {
  // Every size is at least 44 px tall (touch targets).
  sm: "min-h-11 px-3 py-2 text-sm rounded-lg",
  md: "px-4 py-3 text-base rounded-xl",
  lg: "px-4 py-4 text-base rounded-xl w-full",
};

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  /** Shows a busy state and disables the button; the label stays as the accessible name. */
  loading?: boolean;
};

/** A native button with the house look. Defaults to type="button" so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading = false, className = "", type = "button", disabled, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center justify-center gap-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...rest}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
});
