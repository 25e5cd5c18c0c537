// The document (<html>, fonts, providers) is app/lang/[locale]/layout.tsx: its language is the path each page is
// rewritten to (lib/i18n/page-rewrites.ts). This root only passes through; an address that is no page gets
// app/global-not-found.tsx, a document of its own.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
