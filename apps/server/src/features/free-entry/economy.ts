import { readFreeEntrySettings } from '@sweepstack/db/free-entry/repository';
import { defineEconomy } from '../../platform/define-economy';

/**
 * The free entry's cost (docs/features/free-entry.md): Fortune Coins given without a purchase. It has
 * no budget on purpose: a free entry is never refused for cost (the law asks for it on equal terms).
 */
export default defineEconomy<'online-entry-chance' | 'mail-entry-chance'>({
  feature: 'free-entry',
  options: {
    'online-entry-chance': { default: 0.15, min: 0, max: 1, help: 'chance that a player who comes makes the online free entry request' },
    'mail-entry-chance': { default: 0.005, min: 0, max: 1, help: 'chance that a player who comes sends a free entry letter' },
  },
  async models({ db, option }) {
    const settings = await readFreeEntrySettings(db);
    if (!settings.active) return [];
    const online = option('online-entry-chance');
    const mail = option('mail-entry-chance');
    return [
      {
        feature: 'free-entry',
        budget: { gc: null, fcCents: null },
        behaviour: `an active player requests online with probability ${online} (${settings.onlineAmountCents / 100} FC) and by mail with probability ${mail} (${settings.mailAmountCents / 100} FC), at most ${settings.perDay} a day each`,
        initialState: () => null,
        playerDay(state, active, _day, random) {
          if (!active) return { state, cost: { gc: 0, fcCents: 0 } };
          let fcCents = 0;
          for (let i = 0; i < settings.perDay; i += 1) {
            if (random.float() < online) fcCents += settings.onlineAmountCents;
            if (random.float() < mail) fcCents += settings.mailAmountCents;
          }
          return { state, cost: { gc: 0, fcCents } };
        },
      },
    ];
  },
});
