import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'email-confirmed': true;
  }
}

/** openNotify=EMAIL_VERIFIED opens the email-confirmed modal when the email is confirmed (spec §2). */
export default defineFeature({
  id: 'email-confirmation',
  modals: { 'email-confirmed': { load: () => import('./ui/email-confirmed-modal'), described: true } },
  deepLinks: [{ params: ['openNotify'], matches: (value, visitor) => value === 'EMAIL_VERIFIED' && visitor.emailConfirmed, modal: 'email-confirmed' }],
  strings: { namespaces: ['emailConfirmed'] },
});
