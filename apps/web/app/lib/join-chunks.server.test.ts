import { describe, expect, it } from 'vitest';
import { joinChunksPerTurn } from './join-chunks.server';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('joinChunksPerTurn', () => {
  it('passes the chunks written in one turn on as one, and a later chunk as soon as its turn ends', async () => {
    const stream = joinChunksPerTurn();
    const out: string[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    for (const part of ['<html>', '<head>', '</head>', '<body>']) stream.write(Buffer.from(part));
    expect(out).toEqual([]);
    await turn();
    expect(out).toEqual(['<html><head></head><body>']);
    // A Suspense boundary resolving later: it goes out on its own, without waiting for the end.
    stream.write(Buffer.from('<div>late</div>'));
    await turn();
    expect(out).toEqual(['<html><head></head><body>', '<div>late</div>']);
    stream.write(Buffer.from('</body>'));
    stream.end(Buffer.from('</html>'));
    await new Promise((resolve) => stream.on('end', resolve));
    expect(out.join('')).toBe('<html><head></head><body><div>late</div></body></html>');
    expect(out.length).toBe(3);
  });
});
