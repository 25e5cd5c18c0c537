/** Small decorative icons of the Settings screens (aria-hidden: the control around them carries the name). */
export function ChevronRight({ className = "h-5 w-5 text-gray-400" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`shrink-0 ${className}`} fill="none" stroke="currentColor">
      <path d="M7.5 4.5 13 10l-5.5 5.5" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A phone (mobile operating systems) or a monitor (everything else). */
export function DeviceIcon({ mobile }: { mobile: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {mobile ? (
        <>
          <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
          <path d="M10.5 18.5h3" />
        </>
      ) : (
        <>
          <rect x="2.5" y="4" width="19" height="12.5" rx="2" />
          <path d="M8.5 20.5h7M12 16.5v4" />
        </>
      )}
    </svg>
  );
}
