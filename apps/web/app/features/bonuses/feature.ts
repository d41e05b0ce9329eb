import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'bonus-claim': true;
  }
}

/** Spec §5: a pending bonus id is digits only; anything else is ignored. */
export const isPendingBonusId = (value: string): boolean => /^\d{1,15}$/.test(value);

/**
 * Bonus offers (docs/features/bonuses.md): a `?freeEntriesBonus=<message id>` link (an operator's email
 * or push) checks the player's pending bonus and opens its claim modal, the free-entries or the
 * free-spins variant (spec §2); claiming credits it once and toasts. Guests go to sign-up, query kept.
 */
export default defineFeature({
  id: 'bonuses',
  modals: { 'bonus-claim': { load: () => import('./ui/bonus-claim-modal'), described: true } },
  deepLinks: [{ params: ['freeEntriesBonus'], matches: isPendingBonusId, modal: 'bonus-claim', playersOnly: true }],
  strings: { namespaces: ['bonuses', 'depositBonus'] },
});
