/**
 * Features that are not built yet. Their pages and modals show an honest empty state with the
 * feature's name and description (translations `features.<key>.name` / `.description`).
 */
export const COMING_SOON_FEATURES = [
  'account',
  'responsible-play',
  'affiliates',
  'partners-account',
  'how-it-works',
  'issues',
  'favorites',
  'library',
  'lottery',
  'magic-boxes',
  'prize-drops',
  'promotions',
  'redesign',
  'referral-info',
  'scratch-cards',
  'vip',
  'wheel-of-treasure',
  'tournaments',
  'lobby',
  'cashbox',
  'verification',
  'search',
  'notifications',
  'daily-wheel',
  'seasons',
  'daily-login',
  'support-chat',
  'game',
  'promo-offer',
  'bingo',
  'registration-complete',
] as const;
export type ComingSoonFeature = (typeof COMING_SOON_FEATURES)[number];

/** i18n key segment of a feature (kebab-case ids become camelCase keys). */
export function featureKey(feature: string): string {
  return feature.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}
