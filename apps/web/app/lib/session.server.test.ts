import { describe, expect, it } from 'vitest';
import { isDocumentRequest, mergeCookieHeader } from './session.server';

describe('SSR session helpers', () => {
  it('applies fresh Set-Cookie values to the request cookies', () => {
    expect(mergeCookieHeader('a=1; sid=old', ['sid=new; Path=/; HttpOnly'])).toBe('a=1; sid=new');
    expect(mergeCookieHeader('', ['sid=x; Path=/'])).toBe('sid=x');
    expect(mergeCookieHeader('a=1; sid=old', ['sid=; Max-Age=0; Path=/'])).toBe('a=1');
  });

  it('tells document requests from data requests', () => {
    expect(isDocumentRequest(new Request('http://x/', { headers: { accept: 'text/html,application/xhtml+xml' } }))).toBe(true);
    expect(isDocumentRequest(new Request('http://x/lobby.data', { headers: { accept: '*/*' } }))).toBe(false);
  });
});
