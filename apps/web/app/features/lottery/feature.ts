import { defineFeature } from '../../platform/feature';

/**
 * The weekly and monthly promo lottery (docs/features/lottery.md, spec §2 /lottery): the page with
 * both draws, the player's tickets and rewards, the last results and their verification. Its sidebar
 * item comes from the server's menu, shown only while a lottery runs (spec §5).
 */
export default defineFeature({
  id: 'lottery',
  pages: [{ path: 'lottery', file: 'ui/lottery-page.tsx', namespaces: ['lottery', 'errors'] }],
  strings: { namespaces: ['lottery'] },
});
