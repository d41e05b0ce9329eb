import { defineFeature } from '../../platform/feature';

/**
 * Quests (docs/features/quests.md, spec §3 Quest, §7): the /quests page with the running quest's days
 * and tasks (each with its progress, prize and a button to where it is done), the next quest, and a
 * sidebar entry. The quest runs site-wide and has no app-init slice (spec §3 has none): the page
 * reads GET /rest/page/quests/ and follows the `quest` push.
 */
export default defineFeature({
  id: 'quests',
  state: () => ({ isActive: true }),
  pages: [{ path: 'quests', file: 'ui/quests-page.tsx' }],
  sidebar: [{ key: 'quests', label: 'quests.nav.sidebar', to: '/quests/', icon: '/icons/menu/quests.svg', order: 40 }],
  strings: { namespaces: ['quests'], shell: ['quests.nav'] },
});
