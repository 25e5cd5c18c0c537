// The document (<html>, fonts, providers) is app/[locale]/layout.tsx: its language comes from the path the
// middleware rewrites each page to. This root only passes through, so that app/not-found.tsx can exist for
// addresses the middleware never rewrites.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
