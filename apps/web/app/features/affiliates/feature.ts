import { defineFeature } from '../../platform/feature';

/** Affiliate program (not built yet): its two pages show the coming-soon state. */
export default defineFeature({
  id: 'affiliates',
  pages: [
    { path: 'affiliates', middleware: ['affiliate-redirect'] },
    { path: 'affiliates/partners-account', middleware: ['affiliate-redirect'] },
  ],
});
