import { describe, expect, it } from 'vitest';
import { campaignTargets, chooseAd, logTransition, type CampaignRule, type PopupRule, type ViewerHistory } from './choose-ad';

const NOW = Date.UTC(2027, 0, 8, 17);
const campaign = (patch: Partial<CampaignRule> = {}): CampaignRule => ({ id: 1, priority: 10, active: true, audience: 'everyone', deposits: 'any', startsAtMs: null, endsAtMs: null, testPlayerEmails: [], ...patch });
const popup = (patch: Partial<PopupRule> = {}): PopupRule => ({ id: 1, campaignId: 1, priority: 10, active: true, triggers: ['closeGame'], ...patch });
const fresh: ViewerHistory = { answeredToday: 0, lastAnsweredAtMs: null, endedAtMs: new Map() };
const rules = { dailyCap: 3, minGapMinutes: 10, hideAfterCloseHours: 24 };
const player = { kind: 'player' as const, email: 'ada@example.com', depositsCount: 0 };

describe('campaignTargets', () => {
  it('matches audience, deposits and the active window', () => {
    expect(campaignTargets(campaign({ audience: 'guests' }), { kind: 'guest' }, NOW)).toBe(true);
    expect(campaignTargets(campaign({ audience: 'guests' }), player, NOW)).toBe(false);
    expect(campaignTargets(campaign({ audience: 'players' }), { kind: 'guest' }, NOW)).toBe(false);
    expect(campaignTargets(campaign({ deposits: 'with' }), player, NOW)).toBe(false);
    expect(campaignTargets(campaign({ deposits: 'with' }), { kind: 'player', email: 'ada@example.com', depositsCount: 2 }, NOW)).toBe(true);
    expect(campaignTargets(campaign({ deposits: 'without' }), { kind: 'player', email: 'ada@example.com', depositsCount: 1 }, NOW)).toBe(false);
    expect(campaignTargets(campaign({ deposits: 'with' }), { kind: 'guest' }, NOW)).toBe(false);
    expect(campaignTargets(campaign({ startsAtMs: NOW + 1 }), player, NOW)).toBe(false);
    expect(campaignTargets(campaign({ endsAtMs: NOW }), player, NOW)).toBe(false);
    expect(campaignTargets(campaign({ startsAtMs: NOW, endsAtMs: NOW + 1 }), player, NOW)).toBe(true);
    expect(campaignTargets(campaign({ active: false }), player, NOW)).toBe(false);
  });

  it('shows a preview campaign only to its test players', () => {
    expect(campaignTargets(campaign({ testPlayerEmails: ['ada@example.com'] }), player, NOW)).toBe(true);
    expect(campaignTargets(campaign({ testPlayerEmails: ['bob@example.com'] }), player, NOW)).toBe(false);
    expect(campaignTargets(campaign({ testPlayerEmails: ['ada@example.com'] }), { kind: 'guest' }, NOW)).toBe(false);
    expect(campaignTargets(campaign({ testPlayerEmails: ['ada@example.com'], deposits: 'with' }), player, NOW)).toBe(false);
  });
});

describe('chooseAd', () => {
  const choose = (campaigns: CampaignRule[], popups: PopupRule[], history = fresh, trigger: 'closeGame' | 'closeCashbox' = 'closeGame') =>
    chooseAd({ campaigns, popups, trigger, viewer: player, history, rules, nowMs: NOW });

  it('picks by company priority, then pop-up priority, then the older pop-up', () => {
    const campaigns = [campaign({ id: 1, priority: 5 }), campaign({ id: 2, priority: 9 })];
    const popups = [popup({ id: 1, campaignId: 1, priority: 100 }), popup({ id: 2, campaignId: 2, priority: 1 }), popup({ id: 3, campaignId: 2, priority: 7 }), popup({ id: 4, campaignId: 2, priority: 7 })];
    const choice = choose(campaigns, popups);
    expect(choice.kind === 'ad' && choice.popup.id).toBe(3);
  });

  it('matches the trigger and skips inactive pop-ups', () => {
    const popups = [popup({ id: 1, triggers: ['closeCashbox'] }), popup({ id: 2, active: false })];
    expect(choose([campaign()], popups)).toEqual({ kind: 'none', reason: 'noCandidate' });
    const cash = choose([campaign()], popups, fresh, 'closeCashbox');
    expect(cash.kind === 'ad' && cash.popup.id).toBe(1);
  });

  it('applies the daily cap, the minimum gap and the hide-after-close rule', () => {
    const popups = [popup({ id: 1, priority: 9 }), popup({ id: 2, priority: 1 })];
    expect(choose([campaign()], popups, { ...fresh, answeredToday: 3 })).toEqual({ kind: 'none', reason: 'dailyCap' });
    expect(choose([campaign()], popups, { ...fresh, lastAnsweredAtMs: NOW - 9 * 60_000 })).toEqual({ kind: 'none', reason: 'tooSoon' });
    expect(choose([campaign()], popups, { ...fresh, lastAnsweredAtMs: NOW - 10 * 60_000 }).kind).toBe('ad');
    const hidden = choose([campaign()], popups, { ...fresh, endedAtMs: new Map([[1, NOW - 23 * 3_600_000]]) });
    expect(hidden.kind === 'ad' && hidden.popup.id).toBe(2);
    const back = choose([campaign()], popups, { ...fresh, endedAtMs: new Map([[1, NOW - 24 * 3_600_000]]) });
    expect(back.kind === 'ad' && back.popup.id).toBe(1);
  });
});

describe('logTransition', () => {
  const none = { shownAtMs: null, clickedAtMs: null, closedAtMs: null };
  it('wants shown first, then one of clicked or closed; repeats are idempotent', () => {
    expect(logTransition(none, 'shown')).toBe('record');
    expect(logTransition(none, 'clicked')).toBe('outOfOrder');
    expect(logTransition(none, 'closed')).toBe('outOfOrder');
    const shown = { ...none, shownAtMs: 1 };
    expect(logTransition(shown, 'shown')).toBe('same');
    expect(logTransition(shown, 'clicked')).toBe('record');
    expect(logTransition({ ...shown, clickedAtMs: 2 }, 'clicked')).toBe('same');
    expect(logTransition({ ...shown, clickedAtMs: 2 }, 'closed')).toBe('outOfOrder');
    expect(logTransition({ ...shown, closedAtMs: 2 }, 'clicked')).toBe('outOfOrder');
  });
});
