import { defineFeature } from '../../platform/feature';

/** Magic boxes (not built yet): a sidebar entry while app init says they are active. */
export default defineFeature({
  id: 'magic-boxes',
  state: (init) => ({ isActive: init.magicBox.isActive }),
  pages: [{ path: 'magic-boxes' }],
  sidebar: [{ key: 'magicBoxes', label: 'sidebar.extra.magicBoxes', to: '/magic-boxes/', icon: '/icons/menu/magic-boxes.svg', order: 40 }],
});
