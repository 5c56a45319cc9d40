import type { Highlight } from '#shared/contract/search';

/** The text with its matched stretches marked (offsets from the server, UTF-16 like slice). */
export function Marked({ text, marks }: { text: string; marks: readonly Highlight[] }) {
  const parts = [];
  let at = 0;
  for (const { start, length } of marks) {
    if (start < at || start + length > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-100 text-inherit">
        {text.slice(start, start + length)}
      </mark>,
    );
    at = start + length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
