"use client";

// The error boundary of every page. It wraps every page from the first render, so whatever it imports is in
// every page's first-load JavaScript: the screen itself (components/ui/error-screen.tsx, with next/link, the
// button and the logo) is fetched only when a render has failed.
import dynamic from "next/dynamic";

export default dynamic(() => import("@/components/ui/error-screen"));
