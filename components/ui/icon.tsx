/** A decorative 24×24 line icon (hidden from assistive tech: the surrounding control carries the name). */
export function Icon({ children, round = false }: { children: React.ReactNode; round?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap={round ? "round" : undefined}
      strokeLinejoin={round ? "round" : undefined}
    >
      {children}
    </svg>
  );
}

/** A back chevron (the ‹ of a header's back link), drawn, so it renders in every font. */
export function ChevronLeftIcon() {
  return (
    <Icon round>
      <path d="M15 5l-7 7 7 7" />
    </Icon>
  );
}

/** The close cross of dialogs. */
export function CloseIcon() {
  return (
    <Icon round>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}
