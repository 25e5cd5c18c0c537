"use client";

// The error boundary of every page. It wraps every page from the first render, so whatever it imports is in
// every page's first-load JavaScript: the screen itself (components/ui/error-screen.tsx, with its link, the
// button and the logo) is fetched only when a render has failed. React.lazy rather than next/dynamic, whose
// loader would be first-load code of every page too.
import { type ComponentProps, lazy, Suspense } from "react";

const ErrorScreen = lazy(() => import("@/components/ui/error-screen"));

export default function ErrorBoundaryScreen(props: ComponentProps<typeof ErrorScreen>) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen {...props} />
    </Suspense>
  );
}
