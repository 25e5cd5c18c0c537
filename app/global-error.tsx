"use client";

// The last resort, when the root layout itself failed: it replaces the whole document. Next.js loads this
// boundary with every page, so it is only the document; its screen (components/ui/global-error-screen.tsx:
// the texts in the visitor's language, the logo, "try again" and a way home) is fetched when it is needed.
import { type ComponentProps, lazy, Suspense } from "react";
import "./globals.css";

const GlobalErrorScreen = lazy(() => import("@/components/ui/global-error-screen"));

export default function GlobalError(props: ComponentProps<typeof GlobalErrorScreen>) {
  return (
    <html lang="ko">
      <body className="font-sans antialiased">
        <Suspense fallback={null}>
          <GlobalErrorScreen {...props} />
        </Suspense>
      </body>
    </html>
  );
}
