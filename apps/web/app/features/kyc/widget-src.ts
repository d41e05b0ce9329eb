/** Path of the sandbox identity provider's widget, served by this same server. */
const SANDBOX_WIDGET_PATH = '/rest/kyc/sandbox-widget/';

/**
 * What the verification iframe loads. The server names its own sandbox widget at PUBLIC_URL's origin;
 * a visitor who opened the site under another name of the same server (127.0.0.1, a LAN address)
 * would have it refused by the page's CSP (`frame-src 'self'`): the sandbox widget loads from the
 * page's own origin instead. Any other provider's URL is used as given.
 */
export function widgetFrameSrc(url: string, pageOrigin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, pageOrigin);
  } catch {
    return 'about:blank';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'about:blank';
  if (parsed.pathname.startsWith(SANDBOX_WIDGET_PATH)) return parsed.pathname + parsed.search;
  return parsed.href;
}
