import { defineFeature } from '../../platform/feature';

/**
 * The adventure map (docs/features/adventure-map.md, spec §3, §4, §7): the /adventure-map page, a
 * path across illustrated stops with the player's token; moving the token onto a reached stop opens
 * its award (and claims it on the server). A sidebar entry.
 */
export default defineFeature({
  id: 'adventure-map',
  state: () => ({ isActive: true }),
  pages: [{ path: 'adventure-map', file: 'ui/adventure-map-page.tsx' }],
  sidebar: [{ key: 'adventure-map', label: 'adventureMap.nav.sidebar', to: '/adventure-map/', icon: '/icons/menu/adventure-map.svg', order: 41 }],
  strings: { namespaces: ['adventureMap'], shell: ['adventureMap.nav'] },
});
