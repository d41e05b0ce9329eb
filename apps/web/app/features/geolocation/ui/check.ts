import { ZLocationCheckResponse } from '@sweepstack/contracts/app/restriction-checks';
import { ZRestrictionInfoResponse } from '@sweepstack/contracts/app/restriction-info';
import { http } from '../../../lib/http';
import { deviceMeta, type GeoAccessState, type GeoBlock, outcomeOfCheck, POSITION_TIMEOUT_MS, type PermissionName, stepForPermission, stepForPositionError, unreportedApps } from './flow';

/**
 * The browser half of the geolocation flow (flow.ts decides): the permission, the position, the
 * coordinates check, the geo state and the block reports, all kept in this tab's session storage.
 */

/** The geo state of spec §4: lat, lng, accessState (and what the page says about it). */
export interface GeoState {
  lat: number | null;
  lng: number | null;
  accessState: GeoAccessState;
  /** USPS code of the state the check placed the visitor in, when it did. */
  state: string | null;
  /** The reported reason ('user denied', 'timeout', 'state_restricted:WA'…), or null. */
  reason: string | null;
}

const GEO_STATE_KEY = 'sweepstack_geo';
const REPORTED_KEY = 'sweepstack_geo_blocks';

function readSession<T>(key: string): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function writeSession(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // No storage: the state lives as long as the page.
  }
}

export function readGeoState(): GeoState | null {
  return readSession<GeoState>(GEO_STATE_KEY);
}

/** The Permissions API's answer for geolocation; `unsupported` without it (or when it throws). */
async function queryPermission(): Promise<PermissionName> {
  try {
    if (!navigator.permissions?.query) return 'unsupported';
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    return 'unsupported';
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject({ code: 2 } satisfies Pick<GeolocationPositionError, 'code'>);
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 });
  });
}

/** Reports the blocks whose app kind this tab has not reported yet (once per kind). */
async function reportBlock(block: GeoBlock): Promise<void> {
  const reported = readSession<string[]>(REPORTED_KEY) ?? [];
  const apps = unreportedApps([block], reported);
  if (apps.length === 0) return;
  writeSession(REPORTED_KEY, [...reported, ...apps]);
  try {
    await http('/rest/restriction/player/block/', { method: 'POST', body: { apps, meta: { reason: block.reason, ...deviceMeta(navigator.userAgent) } } });
  } catch (error) {
    // Logged only (spec §8): the visitor still goes to the geoblock page.
    console.warn('[geo] block report failed', error);
  }
}

/** The operator's switch (server config GEO_DEVICE_CHECK): off, the web asks the device nothing. */
export async function deviceCheckEnabled(): Promise<boolean> {
  try {
    const parsed = ZRestrictionInfoResponse.safeParse(await http('/rest/restriction/info/'));
    return parsed.success ? parsed.data.data.deviceCheck : true;
  } catch {
    return true;
  }
}

/**
 * Runs the flow once: permission (unless `ask`, the geoblock page's Try again, which asks the device
 * even when the visitor was not asked yet), position, coordinates check. Stores the geo state, reports
 * a refusal's block, and answers whether the visitor may stay (true) or belongs on /geoblock/ (false).
 */
export async function runGeoCheck({ ask = false }: { ask?: boolean } = {}): Promise<GeoState> {
  const permission = await queryPermission();
  const first = ask && permission === 'prompt' ? ({ kind: 'locate' } as const) : stepForPermission(permission);
  if (first.kind === 'geoblock') return settle({ lat: null, lng: null, accessState: first.access, state: null, reason: first.block?.reason ?? null }, first.block);

  let position: GeolocationPosition;
  try {
    position = await currentPosition();
  } catch (error) {
    const step = stepForPositionError(typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 0);
    return settle({ lat: null, lng: null, accessState: step.access, state: null, reason: step.block?.reason ?? null }, step.block);
  }
  const lat = position.coords.latitude;
  const lng = position.coords.longitude;
  let answer: Parameters<typeof outcomeOfCheck>[0];
  try {
    // Decimal degrees as the contract reads them (no exponent): six places is about 10 cm.
    const parsed = ZLocationCheckResponse.safeParse(await http('/rest/restriction/player/geo/check/', { query: { latitude: lat.toFixed(6), longitude: lng.toFixed(6) } }));
    answer = parsed.success ? parsed.data.data : 'error';
  } catch (error) {
    console.warn('[geo] location check failed', error);
    answer = 'error';
  }
  const outcome = outcomeOfCheck(answer);
  const state = answer === 'error' ? null : answer.state;
  if (outcome.kind === 'granted') return settle({ lat, lng, accessState: 'granted', state, reason: null }, null);
  return settle({ lat, lng, accessState: outcome.access, state, reason: outcome.block?.reason ?? null }, outcome.block);
}

async function settle(geo: GeoState, block: GeoBlock | null): Promise<GeoState> {
  writeSession(GEO_STATE_KEY, geo);
  if (block) await reportBlock(block);
  return geo;
}
