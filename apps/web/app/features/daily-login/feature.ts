import { defineFeature } from '../../platform/feature';

/** Daily login prizes (not built yet): the openModal=daily-login link (spec §2). */
export default defineFeature({
  id: 'daily-login',
  state: (init) => ({ isActive: init.dailyLogin.isActive }),
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'daily-login' }],
});
