import { defineFeature } from '../../platform/feature';

/**
 * The free entry, "no purchase necessary" (docs/features/free-entry.md): the /free-entry page with the
 * online request, the mail-in code and the player's requests; its sidebar entry for everyone (guests
 * read the rules too).
 */
export default defineFeature({
  id: 'free-entry',
  state: () => ({ isActive: true }),
  pages: [{ path: 'free-entry', file: 'ui/free-entry-page.tsx', namespaces: ['freeEntry', 'errors'] }],
  sidebar: [{ key: 'free-entry', label: 'freeEntry.nav.sidebar', to: '/free-entry/', icon: '/icons/menu/free-entry.svg', order: 95 }],
  strings: { namespaces: ['freeEntry'], shell: ['freeEntry.nav'] },
});
