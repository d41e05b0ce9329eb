/** Query parameters that only open a modal: changing them does not reload the page's data. */
const MODAL_QUERY = ['game', 'isMoney'];

function withoutModalQuery(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const key of MODAL_QUERY) params.delete(key);
  return `${url.pathname}?${params.toString()}`;
}

/** shouldRevalidate of the game pages: opening or closing the game modal keeps the lists as they are. */
export function revalidateUnlessGameQuery({ currentUrl, nextUrl, defaultShouldRevalidate }: { currentUrl: URL; nextUrl: URL; defaultShouldRevalidate: boolean }): boolean {
  if (currentUrl.href !== nextUrl.href && withoutModalQuery(currentUrl) === withoutModalQuery(nextUrl)) return false;
  return defaultShouldRevalidate;
}
