// The document (<html>, fonts, providers) is app/lang/[locale]/layout.tsx: its language is the path each page is
// rewritten to (lib/i18n/page-rewrites.ts). This root only passes through, so that app/not-found.tsx (the 404
// of addresses that are no page) can be a document of its own.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
