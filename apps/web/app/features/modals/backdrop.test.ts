import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../platform/registry';
import { closesOnBackdrop, closesOnEscape, isUndismissable, type ModalName } from './backdrop';

describe('backdrop rules (from the features\' modal declarations)', () => {
  const nonClosable: ModalName[] = ['registration-complete', 'game-search', 'easy-profile-completed', 'change-password', 'referral-info', 'game-max-bet-limit', 'tournaments', 'bonus-deposit'];

  it.each(nonClosable)('never closes %s on backdrop', (name) => {
    expect(closesOnBackdrop(name, [name])).toBe(false);
  });

  it.each(['game', 'demo-mode', 'insufficient-funds', 'coming-soon', 'email-confirmed', 'notifications'] as ModalName[])('closes %s on backdrop', (name) => {
    expect(closesOnBackdrop(name, [name])).toBe(true);
  });

  it('lets a modal close on Escape though not on backdrop when it says so (never while frozen)', () => {
    const features = createRegistry({
      '../features/x/feature.ts': { default: { id: 'x', modals: { notifications: { closesOnBackdrop: false, closesOnEscape: true }, 'terms-confirmation': { dismissable: false, freezesOthers: true } } } },
    });
    expect(closesOnBackdrop('notifications', ['notifications'], features)).toBe(false);
    expect(closesOnEscape('notifications', ['notifications'], features)).toBe(true);
    expect(closesOnEscape('notifications', ['terms-confirmation', 'notifications'], features)).toBe(false);
    // The app's declarations: the game search closes on Escape; the other modals that stay on a
    // backdrop click also stay on Escape today.
    expect(closesOnEscape('game-search', ['game-search'])).toBe(true);
    for (const name of nonClosable.filter((n) => n !== 'game-search')) expect(closesOnEscape(name, [name]), name).toBe(false);
  });

  it('closes a modal no feature declares on backdrop', () => {
    expect(closesOnBackdrop('signup' as ModalName, ['signup' as ModalName])).toBe(true);
  });

  it('never closes the reality check on backdrop or Escape: the player answers it', () => {
    expect(closesOnBackdrop('reality-check', ['game', 'reality-check'])).toBe(false);
    expect(closesOnEscape('reality-check', ['game', 'reality-check'])).toBe(false);
    expect(isUndismissable('reality-check')).toBe(true);
  });

  it('closes nothing while the terms confirmation is open', () => {
    expect(closesOnEscape('game-search', ['terms-confirmation', 'game-search'])).toBe(false);
    expect(closesOnEscape('terms-confirmation', ['terms-confirmation'])).toBe(false);
    expect(closesOnBackdrop('coming-soon', ['terms-confirmation', 'coming-soon'])).toBe(false);
    expect(closesOnBackdrop('game', ['game', 'terms-confirmation'])).toBe(false);
    expect(closesOnBackdrop('terms-confirmation', ['terms-confirmation'])).toBe(false);
    expect(isUndismissable('terms-confirmation')).toBe(true);
  });
});
