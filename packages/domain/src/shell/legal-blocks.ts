/**
 * Turns the small Markdown subset of legal pages into blocks the web renders as plain React
 * elements (no HTML injection): `## heading`, `- list item` lines, and paragraphs separated by a
 * blank line. Inline emphasis markers are dropped; anything else stays text.
 */
export type LegalBlock = { type: 'heading'; text: string } | { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

function inline(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/(^|\W)_(.+?)_(?=\W|$)/g, '$1$2').trim();
}

/** Parses legal-page Markdown into blocks. */
export function parseLegalBlocks(markdown: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  const chunks = markdown.replace(/\r\n/g, '\n').split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: inline(paragraph.join(' ')) });
      if (list.length > 0) blocks.push({ type: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      const heading = /^#{1,6}\s+(.+)$/.exec(line);
      const item = /^[-*]\s+(.+)$/.exec(line);
      if (heading?.[1]) {
        flush();
        blocks.push({ type: 'heading', text: inline(heading[1]) });
      } else if (item?.[1]) {
        if (paragraph.length > 0) flush();
        list.push(inline(item[1]));
      } else {
        if (list.length > 0) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}
