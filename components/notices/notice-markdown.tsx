/**
 * A notice body (markdown, lib/notices/markdown.ts) as React elements: never HTML from the input, never
 * dangerouslySetInnerHTML; links only to the targets safeHref keeps. Used by the member's notice screen and the
 * console's preview.
 */
import { Fragment, type ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "@/lib/notices/markdown";

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case "text":
        return <Fragment key={i}>{n.v}</Fragment>;
      case "br":
        return <br key={i} />;
      case "code":
        return (
          <code key={i} className="rounded bg-gray-100 px-1 py-0.5 text-[0.9em]">
            {n.v}
          </code>
        );
      case "strong":
        return <strong key={i}>{inline(n.c)}</strong>;
      case "em":
        return <em key={i}>{inline(n.c)}</em>;
      case "link":
        return (
          <a
            key={i}
            href={n.href}
            className="font-medium text-accent underline underline-offset-2"
            {...(n.external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
          >
            {inline(n.c)}
          </a>
        );
      default:
        return null;
    }
  });
}

function block(b: Block, i: number): ReactNode {
  switch (b.t) {
    case "h": {
      const H = `h${b.level}` as "h2" | "h3" | "h4";
      return (
        <H key={i} className={b.level === 2 ? "text-lg font-bold" : "text-base font-bold"}>
          {inline(b.c)}
        </H>
      );
    }
    case "p":
      return <p key={i}>{inline(b.c)}</p>;
    case "ul":
      return (
        <ul key={i} className="list-disc pl-5">
          {b.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </ul>
      );
    case "ol":
      return (
        <ol key={i} className="list-decimal pl-5">
          {b.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </ol>
      );
    case "hr":
      return <hr key={i} className="border-gray-200" />;
    default:
      return null;
  }
}

export function NoticeMarkdown({ source, className = "" }: { source: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 break-keep break-words leading-relaxed text-gray-800 ${className}`}>
      {parseMarkdown(source).map(block)}
    </div>
  );
}
