import { describe, expect, it } from 'vitest';
import { widgetFrameSrc } from './widget-src';

describe('widgetFrameSrc', () => {
  const origin = 'http://127.0.0.1:3210';
  it('loads the sandbox widget from the page’s own origin whatever host name the server gave', () => {
    expect(widgetFrameSrc('http://localhost:3210/rest/kyc/sandbox-widget/abc/', origin)).toBe('/rest/kyc/sandbox-widget/abc/');
    expect(widgetFrameSrc('http://127.0.0.1:3210/rest/kyc/sandbox-widget/abc/', origin)).toBe('/rest/kyc/sandbox-widget/abc/');
  });
  it('keeps another provider’s URL and never a script URL', () => {
    expect(widgetFrameSrc('https://idv.example/w/1?x=2', origin)).toBe('https://idv.example/w/1?x=2');
    expect(widgetFrameSrc('javascript:alert(1)', origin)).toBe('about:blank');
  });
});
