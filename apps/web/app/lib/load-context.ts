import type { NeutralPlayer } from './player-page.server';

/**
 * The `context` the server gives loaders (apps/server/src/plugins/web.ts, WebLoadContext): kept as
 * a structural copy because the web app does not import the server.
 */
export type WebLoadContext = {
  requestId: string;
  theme: string;
  publicOrigin: string;
  api(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
  /**
   * The same object while the operator's content is unchanged on this server: answers that depend on
   * the content and the server's settings alone are kept under it (root-data.server.ts).
   */
  contentVersion(): Promise<object>;
  /**
   * Set when the server renders the signed-in lobby for its page cache (docs/page-serving.md,
   * "Session 11"): the request carries no session, and the loaders know the player by these fields only.
   */
  neutralPlayer?: NeutralPlayer;
};

declare module 'react-router' {
  // Declaration merging needs an interface; it adds the fields of WebLoadContext.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
