import { notFound } from "next/navigation";

// Every address no page answers reaches here through the middleware's rewrite (/nope → /ko/nope): the designed
// 404 of app/[locale]/not-found.tsx, in the visitor's language, inside the document.
export default function UnknownAddress(): never {
  notFound();
}
