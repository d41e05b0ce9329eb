import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'email-confirmed': true;
  }
}

/**
 * Email confirmation. Spec §5: the banner shows when primaryContact is email and the email is not
 * confirmed (its state: active exactly then; the banner is the feature's background component, so
 * none of it is in the first-load JavaScript). Spec §2: openNotify=EMAIL_VERIFIED (where the mailed
 * link lands) opens the email-confirmed modal when the email is confirmed.
 */
export default defineFeature({
  id: 'email-confirmation',
  state: (init) => ({ isActive: !init.isGuest && init.primaryContact === 'email' && !init.emailConfirmed }),
  modals: { 'email-confirmed': { load: () => import('./ui/email-confirmed-modal'), described: true } },
  deepLinks: [{ params: ['openNotify'], matches: (value, visitor) => value === 'EMAIL_VERIFIED' && visitor.emailConfirmed, modal: 'email-confirmed' }],
  strings: { namespaces: ['emailConfirmed'] },
  background: { load: () => import('./ui/email-banner') },
});
