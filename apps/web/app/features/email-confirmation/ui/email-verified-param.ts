/**
 * Removes openNotify=EMAIL_VERIFIED (where the mailed confirmation link lands) from the address bar
 * without a navigation, once the page has acted on it: a reload or a shared address must not open the
 * email-confirmed modal again.
 */
export function dropEmailVerifiedParam(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('openNotify') !== 'EMAIL_VERIFIED') return;
  url.searchParams.delete('openNotify');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
