import type { BlockApp, BlockMeta, LocationCheck } from '@sweepstack/contracts/app/restriction-checks';

/**
 * The geolocation flow's decisions (spec §4 "Geolocation permission", "Location check",
 * "Geolocation error codes"; docs/geo-restriction.md "The web's geolocation flow"). Pure: the
 * browser's side effects live in check.ts.
 */

/** What the Permissions API says about geolocation; `unsupported` when the browser has no Permissions API. */
export type PermissionName = 'granted' | 'prompt' | 'denied' | 'unsupported';

/**
 * The geo state's accessState: `granted` (allowed here), `prompt` (not asked yet), `denied` (the visitor
 * or the browser refused), `blocked` (located where sweepstakes play is not offered), `unavailable`
 * (no position, or the check failed).
 */
export type GeoAccessState = 'granted' | 'prompt' | 'denied' | 'blocked' | 'unavailable';

/** A block to report: the app kind and its reason. */
export interface GeoBlock {
  app: BlockApp;
  reason: string;
}

/** The next step: ask the device for its position, or leave for /geoblock/ (reporting a block or not). */
export type GeoblockStep = { kind: 'geoblock'; access: GeoAccessState; block: GeoBlock | null };
export type GeoStep = { kind: 'locate' } | GeoblockStep;

/** Geolocation permission: granted runs the location check; prompt goes to /geoblock/; denied reports 'user denied'. */
export function stepForPermission(permission: PermissionName): GeoStep {
  switch (permission) {
    case 'granted':
    case 'unsupported':
      // Without the Permissions API the position request itself asks the visitor.
      return { kind: 'locate' };
    case 'prompt':
      return { kind: 'geoblock', access: 'prompt', block: null };
    case 'denied':
      return { kind: 'geoblock', access: 'denied', block: { app: 'system', reason: 'user denied' } };
  }
}

/** Reasons of GeolocationPositionError codes (1 permission denied, 2 position unavailable, 3 timeout, else unknown). */
export function geoErrorReason(code: number): string {
  return code === 1 ? 'permission denied' : code === 2 ? 'position unavailable' : code === 3 ? 'timeout' : 'unknown';
}

/** A position error: each reports a system block with its reason and goes to /geoblock/. */
export function stepForPositionError(code: number): GeoblockStep {
  return { kind: 'geoblock', access: code === 1 ? 'denied' : 'unavailable', block: { app: 'system', reason: geoErrorReason(code) } };
}

/** The outcome of the coordinates check: access true is granted; false is blocked (app geo); an API error is a system block. */
export type CheckOutcome = { kind: 'granted' } | GeoblockStep;

export function outcomeOfCheck(answer: LocationCheck | 'error'): CheckOutcome {
  if (answer === 'error') return { kind: 'geoblock', access: 'unavailable', block: { app: 'system', reason: 'api error' } };
  if (answer.access) return { kind: 'granted' };
  const where = answer.state ?? answer.country ?? 'unknown';
  return { kind: 'geoblock', access: 'blocked', block: { app: 'geo', reason: `${answer.reason}:${where}` } };
}

/** Blocks are reported once per app kind: the kinds of `blocks` not in `reported` (a tab's session). */
export function unreportedApps(blocks: readonly GeoBlock[], reported: readonly string[]): BlockApp[] {
  const seen = new Set(reported);
  const apps: BlockApp[] = [];
  for (const block of blocks) {
    if (seen.has(block.app)) continue;
    seen.add(block.app);
    apps.push(block.app);
  }
  return apps;
}

/** What the trigger watcher sees between two renders. */
export interface TriggerInput {
  /** The game mode now and the one seen before (null: none yet, this is the first look). */
  mode: 'TournamentPoints' | 'SweepStakes' | null;
  previousMode: 'TournamentPoints' | 'SweepStakes' | null | undefined;
  /** This tab already found the visitor allowed (its stored geo state). */
  allowedBefore: boolean;
}

/** Checks run when game mode becomes entries (SweepStakes): a switch, or a page that opens in that mode unchecked. */
export function modeTriggers({ mode, previousMode, allowedBefore }: TriggerInput): boolean {
  if (mode !== 'SweepStakes') return false;
  if (previousMode === undefined || previousMode === null) return !allowedBefore;
  return previousMode !== 'SweepStakes';
}

/**
 * Logout and login change: the visitor this tab saw last (`guest` or the player's id) and the one it
 * sees now. A player leaving (logout) or another player signing in re-checks; a guest signing in does not
 * (the sign-in itself is not a trigger of spec §4).
 */
export function visitorTriggers(previous: string | null, current: string | null): boolean {
  if (previous === null || current === null || previous === current) return false;
  return previous !== 'guest';
}

/** Re-check delay after logout or a login change (spec §2). */
export const VISITOR_RECHECK_DELAY_MS = 5000;

/** The position request's timeout. */
export const POSITION_TIMEOUT_MS = 10_000;

/** The device part of a block report, read from the user agent. */
export function deviceMeta(userAgent: string): Omit<BlockMeta, 'reason'> {
  const isMobile = /Mobi|Android|iPhone|iPad/i.test(userAgent);
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'unknown';
  const browsers: ReadonlyArray<[string, RegExp]> = [
    ['Edge', /Edg\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Firefox', /Firefox\/([\d.]+)/],
    ['Chrome', /(?:Chrome|Chromium|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  const found = browsers.map(([name, pattern]) => [name, pattern.exec(userAgent)?.[1]] as const).find(([, version]) => version !== undefined);
  const browser = found?.[0] ?? 'unknown';
  const browserVersion = (found?.[1] ?? '').slice(0, 120);
  return { isMobile, os, browser, browserVersion };
}
