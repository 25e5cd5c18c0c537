/**
 * The markdown of a notice body, parsed into a small tree that components/notices/notice-markdown.tsx renders as
 * React elements. Client-safe and pure.
 *
 * Why our own strict subset and not react-markdown: react-markdown brings unified, remark-parse, micromark and
 * mdast/hast utilities (about 40 kB gzip and two dozen packages) for what a notice needs — paragraphs, line breaks,
 * headings, lists, bold, italic, inline code and links. This parser (≈150 lines, under 2 kB gzip) cannot emit HTML
 * at all: there is no raw-HTML node, every piece of text becomes a React text child (escaped by React), element
 * types are chosen here from a fixed list, never from the input, and a link keeps its target only for http(s),
 * mailto or a same-site path (`javascript:`, `data:`, `//host` and the rest render as plain text). So
 * `<script>…</script>`, `<img onerror=…>` and `[x](javascript:…)` all show as the characters typed.
 */

export type Inline =
  | { t: "text"; v: string }
  | { t: "code"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "link"; href: string; external: boolean; c: Inline[] }
  | { t: "br" };

export type Block =
  | { t: "h"; level: 2 | 3 | 4; c: Inline[] }
  | { t: "p"; c: Inline[] }
  | { t: "ul"; items: Inline[][] }
  | { t: "ol"; items: Inline[][] }
  | { t: "hr" };

/** A link target we keep: http(s), mailto, or a path on this site ("/notices"); anything else → null. */
export function safeHref(raw: string): { href: string; external: boolean } | null {
  const url = raw.trim();
  if (/^https?:\/\/[^\s/?#]+/i.test(url)) return { href: url, external: true };
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(url)) return { href: url, external: true };
  if (/^\/(?![/\\])[^\s]*$/.test(url)) return { href: url, external: false };
  return null;
}

// `code` | **strong** | [text](url) | *em*
const INLINE =
  /`([^`\n]+)`|\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^()\s]+(?:\([^()\s]*\))?)\)|\*([^*\s](?:[^*\n]*[^*\s])?)\*/g;

export function parseInline(src: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  const text = (v: string) => {
    if (!v) return;
    const parts = v.split("\n");
    parts.forEach((p, i) => {
      if (i > 0) out.push({ t: "br" });
      if (p) out.push({ t: "text", v: p });
    });
  };
  if (depth > 4) {
    text(src);
    return out;
  }
  let last = 0;
  for (const m of src.matchAll(INLINE)) {
    const at = m.index ?? 0;
    text(src.slice(last, at));
    last = at + m[0].length;
    if (m[1] !== undefined) out.push({ t: "code", v: m[1] });
    else if (m[2] !== undefined) out.push({ t: "strong", c: parseInline(m[2], depth + 1) });
    else if (m[3] !== undefined) {
      const target = safeHref(m[4] ?? "");
      const label = parseInline(m[3], depth + 1);
      if (target) out.push({ t: "link", ...target, c: label });
      else out.push(...label);
    } else if (m[5] !== undefined) out.push({ t: "em", c: parseInline(m[5], depth + 1) });
  }
  text(src.slice(last));
  return out;
}

const HEADING = /^(#{1,3})\s+(.+?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,3}[.)]\s+(.*)$/;
const RULE = /^\s{0,3}(?:-{3,}|\*{3,}|_{3,})\s*$/;

/** The body's blocks: headings (#, ##, ### → h2–h4 under the page's h1), lists, rules and paragraphs. */
export function parseMarkdown(src: string): Block[] {
  const lines = src.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { t: "ul" | "ol"; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push({ t: "p", c: parseInline(para.join("\n")) });
    para = [];
    if (list) blocks.push({ t: list.t, items: list.items.map((i) => parseInline(i)) });
    list = null;
  };
  for (const line of lines) {
    if (!line.trim()) {
      flush();
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      blocks.push({ t: "h", level: (h[1]!.length + 1) as 2 | 3 | 4, c: parseInline(h[2]!) });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ t: "hr" });
      continue;
    }
    const b = BULLET.exec(line);
    const n = b ? null : NUMBERED.exec(line);
    if (b || n) {
      const kind = b ? "ul" : "ol";
      if (para.length || (list && list.t !== kind)) flush();
      list ??= { t: kind, items: [] };
      list.items.push((b ?? n)![1]!);
      continue;
    }
    // A line after a list item continues that item (a wrapped line), else the paragraph.
    if (list) {
      const items = (list as { items: string[] }).items;
      items[items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    para.push(line.trim());
  }
  flush();
  return blocks;
}
