import { defineFeature } from '../../platform/feature';

/**
 * The geolocation flow (spec §4 and §2; docs/geo-restriction.md "The web's geolocation flow"): a
 * watcher on every page, guests too, runs the device location check when the game mode becomes
 * entries (SweepStakes), on an autologin link and after logout, and sends a refusal to /geoblock/
 * (routes/geoblock.tsx, whose Try again runs the same check). The operator turns it off with the
 * server's GEO_DEVICE_CHECK. All of it loads after the page, in its own chunks.
 */
export default defineFeature({
  id: 'geolocation',
  state: () => ({ isActive: true }),
  background: { load: () => import('./ui/geo-watcher'), guests: true },
});
