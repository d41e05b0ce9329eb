import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import type { Promotion } from '@sweepstack/contracts/promotions/promotion';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dictionaryFromFiles } from '../../../i18n/dictionary-files';
import { cardDefinitions, shownCards, typeOfFile, type AnyCardDefinition } from './card-definition';

const MODULES = import.meta.glob<{ default: AnyCardDefinition }>('./cards/*.ts', { eager: true });
const STRINGS = import.meta.glob<TranslationDictionary>('../../../../../../content/translations/*/promotions.json', { eager: true, import: 'default' });
const definitions = cardDefinitions(MODULES);

function translator(locale: 'en' | 'es'): TFunction {
  const instance = i18next.createInstance();
  void instance.init({ lng: locale, resources: { [locale]: { translation: dictionaryFromFiles(STRINGS, locale) } }, initAsync: false, interpolation: { escapeValue: false } });
  return instance.t;
}

const promotion = (type: Promotion['type'], data: Record<string, unknown>, link: Promotion['link'] = { to: '/x/' }): Promotion => ({
  key: `f:${type}:0`,
  type,
  feature: 'f',
  viewKeys: { isShowHomePage: true, isShowPromoPage: true },
  data,
  needDeposits: false,
  howWorks: null,
  link,
  availableAtMs: null,
  finishesAtMs: null,
});

const SAMPLES: Record<string, Record<string, unknown>[]> = {
  tournament: [
    { id: 1, title: 'Friday cup', status: 'announced', startAtMs: 1, endAtMs: 2, teamBased: false, joined: false },
    { id: 2, title: 'Team race', status: 'running', startAtMs: 1, endAtMs: 2, teamBased: true, joined: true },
  ],
  quest: [
    { id: 1, title: 'Trail', kind: 'advent', running: true, tasksCompleted: 1, tasksOpen: 3, startsAtMs: 1, endsAtMs: 2 },
    { id: 1, title: 'Trail', kind: 'advent', running: true, tasksCompleted: 3, tasksOpen: 3, startsAtMs: 1, endsAtMs: 2 },
    { id: 2, title: 'Next', kind: 'season', running: false, tasksCompleted: 0, tasksOpen: 0, startsAtMs: 1, endsAtMs: 2 },
  ],
  rankLeagueCashback: [
    { status: 'unavailable', percent: 2.5, prize: null, expiresAtMs: null },
    { status: 'available', percent: 5, prize: { coins: 12000, entries: 1.5 }, expiresAtMs: 5 },
  ],
  dailyLogin: [{ finishesAtMs: null }, { finishesAtMs: Date.UTC(2027, 0, 1) }],
  wheelOfTreasure: [{ finishesAtMs: null }, { finishesAtMs: Date.UTC(2027, 0, 1) }],
  playerFreeSpin: [{ spins: 1, game: { id: 1, slug: 'g', title: 'Gem Falls', img: '/g.png' }, currency: 'GC', expiresAtMs: Date.UTC(2027, 0, 1) }],
  verification: [{ status: 'none' }, { status: 'rejected' }],
  offerDeposit: [{ presetId: 'welcome-1', title: 'Welcome pack', step: 1, steps: 3, coins: 25000, entries: 10, priceCents: 499, usualPriceCents: 999 }],
  offerPeriodic: [
    { presetId: 'd', badgeLabel: 'Daily deal', coins: 6000, entries: 4, priceCents: 299, usualPriceCents: 499, dayOfWeek: null, limitPerDay: 1, boughtOut: false },
    { presetId: 'w', badgeLabel: null, coins: 25000, entries: 20, priceCents: 1499, usualPriceCents: 1499, dayOfWeek: 6, limitPerDay: 2, boughtOut: false },
    { presetId: 'w', badgeLabel: null, coins: 25000, entries: 20, priceCents: 1499, usualPriceCents: 1499, dayOfWeek: 6, limitPerDay: 2, boughtOut: true },
  ],
};

describe('promotion cards (web)', () => {
  it('finds one card definition per file, named by the type', () => {
    expect(typeOfFile('./cards/rank-league-cashback.ts')).toBe('rankLeagueCashback');
    expect([...definitions.keys()].sort()).toEqual(['dailyLogin', 'invite', 'inviteQualification', 'offerDeposit', 'offerPeriodic', 'playerFreeSpin', 'quest', 'rankLeagueCashback', 'tournament', 'verification', 'wheelOfTreasure']);
  });

  it('gives every card a title, lines and an action in English and Spanish, with no raw keys', () => {
    for (const locale of ['en', 'es'] as const) {
      const t = translator(locale);
      for (const [type, samples] of Object.entries(SAMPLES)) {
        const definition = definitions.get(type)!;
        for (const sample of samples) {
          const data = definition.schema.safeParse(sample);
          expect(data.success, `${type} sample`).toBe(true);
          if (!data.success) continue;
          const texts = [definition.title(data.data, t, locale), ...definition.lines(data.data, t, locale), definition.action(data.data, t), t(`promotions.cards.${type}.kind`), t(`promotions.cards.${type}.howWorks`)];
          for (const text of texts) {
            expect(text, `${locale} ${type}`).not.toMatch(/promotions\.|\{\{/);
            expect(text.length).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('says what each state means', () => {
    const t = translator('en');
    const quest = definitions.get('quest')!;
    expect(quest.lines(SAMPLES.quest![0], t, 'en')).toEqual(['1 of 3 tasks done.']);
    expect(quest.lines(SAMPLES.quest![1], t, 'en')[0]).toMatch(/All of today's tasks/);
    const cashback = definitions.get('rankLeagueCashback')!;
    expect(cashback.lines(SAMPLES.rankLeagueCashback![1], t, 'en')).toEqual(['Waiting for you: 12,000 GC + 1.50 FC.', 'Your rate: 5% back every week.']);
    expect(cashback.lines(SAMPLES.rankLeagueCashback![0], t, 'en')[0]).toBe('Your rate: 2.5% back every week.');
    expect(cashback.action(SAMPLES.rankLeagueCashback![1], t)).toBe('Claim');
    expect(definitions.get('playerFreeSpin')!.title(SAMPLES.playerFreeSpin![0], t, 'en')).toBe('1 free spin');
    expect(definitions.get('tournament')!.action(SAMPLES.tournament![1], t)).toBe('See the standings');
    expect(translator('es')('promotions.cards.playerFreeSpin.title', { count: 3 })).toBe('3 giros gratis');
  });

  it("shows an offer's English badge label on English pages only: a Spanish page gets the translated title", () => {
    const offer = definitions.get('offerPeriodic')!;
    expect(offer.title(SAMPLES.offerPeriodic![0], translator('en'), 'en')).toBe('Daily deal');
    expect(offer.title(SAMPLES.offerPeriodic![0], translator('es'), 'es')).toBe('Oferta especial');
    expect(offer.title(SAMPLES.offerPeriodic![1], translator('en'), 'en')).not.toBe('');
  });

  it('leaves out cards it cannot show: no definition, data its schema refuses, a modal no feature declares', () => {
    const cards = [
      promotion('verification', { status: 'none' }),
      promotion('magicBox', {}),
      promotion('tournament', { id: 'x' }),
      promotion('tournament', SAMPLES.tournament![0]!, { modal: 'tournaments' }),
      promotion('tournament', SAMPLES.tournament![1]!, { modal: 'no-such-modal' }),
    ];
    const shown = shownCards(cards, definitions, (name) => name === 'tournaments');
    expect(shown.map((c) => [c.promotion.type, 'modal' in c.link ? c.link.modal : c.link.to])).toEqual([
      ['verification', '/x/'],
      ['tournament', 'tournaments'],
    ]);
  });
});
