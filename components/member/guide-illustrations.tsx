/**
 * The World ID guide's three pictures, drawn inline (no image requests, no emoji): an ID card being
 * photographed, a document under review, and the 1000 WLD coin arriving by parachute. Decorative: each
 * slide's title and text carry the meaning.
 */
const FRAME = { viewBox: "0 0 160 100", className: "h-28 w-full" } as const;

function RegisterId() {
  return (
    <svg aria-hidden="true" {...FRAME} fill="none">
      <rect x="22" y="18" width="92" height="60" rx="8" fill="#eff6ff" stroke="#2563eb" strokeWidth="2.5" />
      <circle cx="46" cy="42" r="9" fill="#bfdbfe" />
      <path d="M33 64c2-8 8-11 13-11s11 3 13 11" fill="#bfdbfe" />
      <rect x="66" y="34" width="36" height="5" rx="2.5" fill="#93c5fd" />
      <rect x="66" y="45" width="28" height="5" rx="2.5" fill="#bfdbfe" />
      <rect x="66" y="56" width="32" height="5" rx="2.5" fill="#bfdbfe" />
      <circle cx="122" cy="70" r="17" fill="#111827" />
      <path d="M122 78V63m-6 6l6-6 6 6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function WaitApproval() {
  return (
    <svg aria-hidden="true" {...FRAME} fill="none">
      <path
        d="M44 12h46l16 16v60a4 4 0 0 1-4 4H44a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4z"
        fill="#f9fafb"
        stroke="#9ca3af"
        strokeWidth="2.5"
      />
      <path d="M90 12v16h16" stroke="#9ca3af" strokeWidth="2.5" strokeLinejoin="round" />
      <rect x="50" y="36" width="40" height="5" rx="2.5" fill="#d1d5db" />
      <rect x="50" y="48" width="30" height="5" rx="2.5" fill="#d1d5db" />
      <rect x="50" y="60" width="36" height="5" rx="2.5" fill="#d1d5db" />
      <circle cx="110" cy="68" r="20" fill="#fef3c7" stroke="#d97706" strokeWidth="2.5" />
      <path d="M110 56v12l8 5" stroke="#b45309" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Airdrop() {
  return (
    <svg aria-hidden="true" {...FRAME} fill="none">
      <path d="M46 40a34 26 0 0 1 68 0z" fill="#dbeafe" stroke="#2563eb" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M68 40a12 26 0 0 1 24 0" stroke="#2563eb" strokeWidth="2" />
      <path d="M46 40l26 30M114 40L88 70M68 40l9 30M92 40l-9 30" stroke="#60a5fa" strokeWidth="1.5" />
      <circle cx="80" cy="78" r="14" fill="#111827" />
      <path d="M72 73l3 11 5-8 5 8 3-11" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M24 30l3 3m0-3l-3 3M132 22l3 3m0-3l-3 3M138 70l3 3m0-3l-3 3" stroke="#9ca3af" strokeWidth="1.5" />
    </svg>
  );
}

export const GUIDE_PICTURES = { register: RegisterId, wait: WaitApproval, airdrop: Airdrop } as const;
