import { describe, expect, it } from 'vitest';
import { parseLegalBlocks } from './legal-blocks';

describe('legal page blocks', () => {
  it('parses headings, paragraphs and lists', () => {
    const md = 'Intro line one\nline two.\n\n## Who may play\n\n- First\n- Second **bold**\n\nAfter <b>html</b> stays text.';
    expect(parseLegalBlocks(md)).toEqual([
      { type: 'paragraph', text: 'Intro line one line two.' },
      { type: 'heading', text: 'Who may play' },
      { type: 'list', items: ['First', 'Second bold'] },
      { type: 'paragraph', text: 'After <b>html</b> stays text.' },
    ]);
  });

  it('splits a list that follows a paragraph without a blank line', () => {
    expect(parseLegalBlocks('Tools:\n- One\n- Two\nEnd.')).toEqual([
      { type: 'paragraph', text: 'Tools:' },
      { type: 'list', items: ['One', 'Two'] },
      { type: 'paragraph', text: 'End.' },
    ]);
    expect(parseLegalBlocks('  \n\n ')).toEqual([]);
  });
});
