/** Every modal of the stack has a name; these are the ones the app opens today. */
export type ModalName =
  | 'game'
  | 'signup'
  | 'demo-mode'
  | 'insufficient-funds'
  | 'sweepstakes-restricted'
  | 'terms-confirmation'
  | 'registration-complete'
  | 'preset-package'
  | 'game-max-bet-limit'
  | 'game-search'
  | 'easy-profile-completed'
  | 'change-password'
  | 'referral-info'
  | 'tournaments'
  | 'bonus-deposit'
  | 'email-confirmed'
  | 'notifications'
  | 'reality-check'
  | 'coming-soon';

/** The games' modals (game, search, demo mode, insufficient funds, max bet, Fortune Coins restricted). */
export const GAME_MODALS: ReadonlySet<ModalName> = new Set<ModalName>(['game', 'game-search', 'demo-mode', 'insufficient-funds', 'game-max-bet-limit', 'sweepstakes-restricted']);

/** Modals only their own buttons close: no close button, no Escape, no backdrop. */
export const UNDISMISSABLE: ReadonlySet<ModalName> = new Set<ModalName>(['terms-confirmation', 'reality-check']);

/** Modals a backdrop click never closes (spec §2, Modals). */
export const NON_BACKDROP_CLOSABLE: ReadonlySet<ModalName> = new Set<ModalName>([
  'registration-complete',
  'game-search',
  'easy-profile-completed',
  'change-password',
  'referral-info',
  'game-max-bet-limit',
  'tournaments',
  'bonus-deposit',
  'terms-confirmation',
  'reality-check',
]);

/**
 * Whether a backdrop click on the modal `name` closes it, given the names currently open. Nothing
 * closes by backdrop while the terms confirmation is open.
 */
export function closesOnBackdrop(name: ModalName, openNames: readonly ModalName[]): boolean {
  if (openNames.includes('terms-confirmation')) return false;
  return !NON_BACKDROP_CLOSABLE.has(name);
}

/** Escape follows the backdrop rule, except that the terms confirmation can never be dismissed. */
export function closesOnEscape(name: ModalName, openNames: readonly ModalName[]): boolean {
  return closesOnBackdrop(name, openNames);
}
