import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import type { RewardNoticeView } from '@sweepstack/contracts/rewards/prize';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dictionaryFromFiles } from '../../../i18n/dictionary-files';
import { noticeDate, noticeFeatureName, noticeSentence } from './notice-sentence';

const STRINGS = import.meta.glob<TranslationDictionary>('../../../../../../content/translations/*/notifications.json', { eager: true, import: 'default' });

function translator(locale: 'en' | 'es'): TFunction {
  const instance = i18next.createInstance();
  void instance.init({ lng: locale, resources: { [locale]: { translation: dictionaryFromFiles(STRINGS, locale) } }, initAsync: false, interpolation: { escapeValue: false } });
  return instance.t;
}

const en = translator('en');
const es = translator('es');
type Notice = Pick<RewardNoticeView, 'kind' | 'feature' | 'prize' | 'game'>;
const spins = (count: number, currency: 'GC' | 'FC' = 'GC') => ({ kind: 'free_spins' as const, gameId: 7, count, betLevel: 1, lifetimeMs: 86_400_000, currency });
const game = { title: 'Lucky Clover', titleEs: 'Trébol de la Suerte' };

describe('noticeSentence', () => {
  it('says which feature credited which coins, with the amounts formatted for the language', () => {
    const notice: Notice = { kind: 'prize_credited', feature: 'tournaments', prize: { kind: 'coins', amount: 25_000, amountCents: 1250 }, game: null };
    expect(noticeSentence(notice, en, 'en')).toBe('Tournaments: 25,000 GC and 12.50 FC credited to your balance.');
    expect(noticeSentence(notice, es, 'es')).toBe('Torneos: se acreditaron 25.000 GC y 12,50 FC a tu saldo.');
    expect(noticeSentence({ ...notice, feature: 'daily-login', prize: { kind: 'gold_coins', amount: 500 } }, en, 'en')).toBe('Daily login prizes: 500 GC credited to your balance.');
    expect(noticeSentence({ ...notice, feature: 'rank-league', prize: { kind: 'fortune_coins', amountCents: 5 } }, en, 'en')).toBe('Rank league: 0.05 FC credited to your balance.');
  });

  it('names the game and the count of free spins granted or expired, singular and plural, with the Spanish title in Spanish', () => {
    expect(noticeSentence({ kind: 'free_spins_granted', feature: 'wheel-of-treasure', prize: spins(10), game }, en, 'en')).toBe('Wheel of treasure: you got 10 free spins on Lucky Clover.');
    expect(noticeSentence({ kind: 'free_spins_granted', feature: 'wheel-of-treasure', prize: spins(1), game }, en, 'en')).toBe('Wheel of treasure: you got 1 free spin on Lucky Clover.');
    expect(noticeSentence({ kind: 'free_spins_granted', feature: 'wheel-of-treasure', prize: spins(10), game }, es, 'es')).toBe('Rueda del tesoro: recibiste 10 giros gratis en Trébol de la Suerte.');
    expect(noticeSentence({ kind: 'free_spins_expired', feature: 'quests', prize: spins(3), game }, en, 'en')).toBe('Quests: your 3 free spins on Lucky Clover expired before they were played.');
    expect(noticeSentence({ kind: 'free_spins_expired', feature: 'quests', prize: spins(3), game: null }, es, 'es')).toBe('Misiones: tus 3 giros gratis en un juego vencieron antes de jugarse.');
  });

  it('explains withheld Fortune Coins by the state, and says the Gold Coins of a mixed prize were paid', () => {
    const fc: Notice = { kind: 'prize_withheld', feature: 'seasons', prize: { kind: 'fortune_coins', amountCents: 200 }, game: null };
    expect(noticeSentence(fc, en, 'en')).toBe('Season pass: 2.00 FC was not credited because Fortune Coin prizes are not available in your state.');
    expect(noticeSentence(fc, es, 'es')).toBe('Pase de temporada: no se acreditaron 2,00 FC porque los premios en Fortune Coins no están disponibles en tu estado.');
    expect(noticeSentence({ ...fc, prize: { kind: 'coins', amount: 1000, amountCents: 100 } }, en, 'en')).toBe(
      'Season pass: 1.00 FC was not credited because Fortune Coin prizes are not available in your state. The 1,000 GC of the prize were credited.',
    );
    expect(noticeSentence({ kind: 'prize_withheld', feature: 'lottery', prize: spins(5, 'FC'), game }, en, 'en')).toBe(
      'Lottery: 5 free spins on Lucky Clover, played in Fortune Coins, were not granted because Fortune Coin prizes are not available in your state.',
    );
  });

  it('calls a feature the strings do not name "a promotion"', () => {
    expect(noticeFeatureName('operator-grant', en)).toBe('A gift from our team');
    expect(noticeFeatureName('brand-new-thing', en)).toBe('A promotion');
    expect(noticeFeatureName('brand-new-thing', es)).toBe('Una promoción');
  });
});

describe('noticeDate', () => {
  it('formats the date and time in the language', () => {
    const iso = '2026-12-07T15:04:00.000Z';
    expect(noticeDate(iso, 'en')).toMatch(/Dec 7, 2026/);
    expect(noticeDate(iso, 'es')).toMatch(/7 dic 2026/);
  });
});
