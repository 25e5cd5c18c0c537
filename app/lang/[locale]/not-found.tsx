// A page's own notFound(): the designed 404 inside the document, in the visitor's language (an address that is
// no page at all gets app/global-not-found.tsx).
import { NotFoundScreen, notFoundMetadata } from "@/components/ui/not-found-screen";

export const generateMetadata = () => notFoundMetadata();

export default function NotFound() {
  return <NotFoundScreen />;
}
