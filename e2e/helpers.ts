import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The server the browser tests run against. */
export function baseUrl(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
}

/**
 * The device location every browser context of the journeys reports (playwright.config.ts `use`, which
 * `browser.newContext()` inherits, and `device()` below): Austin, TX, a state where Fortune Coin play is
 * offered. The web asks the device where it is when a visitor turns to Fortune Coins, arrives by an
 * autologin link or logs out (features/geolocation), and sends a refusal to /geoblock/.
 */
export const ALLOWED_LOCATION = { latitude: 30.2672, longitude: -97.7431 } as const;
/** Seattle, WA: on the seeded restricted list (e2e/geolocation.spec.ts). */
export const RESTRICTED_LOCATION = { latitude: 47.6062, longitude: -122.3321 } as const;

/** Set (to `true`) once the visitor has answered the cookie banner (features/cookie-consent/consent.ts). */
export const CONSENT_GIVEN_COOKIE = 'cookie_control_consent';

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.sweepstack.local`;
}

/**
 * Waits until React has hydrated the page (`<html data-hydrated>`). The server-rendered page paints
 * before its scripts run, so a click right after `goto` can land before any handler is attached.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const hydratingPages = new WeakSet<Page>();

/**
 * Makes every later `page.goto` of this page also wait for hydration: pages paint before their
 * scripts run, and a click or a typed value before React has hydrated the page is lost. Called by
 * the helpers every journey starts with (signUp, acceptCookies).
 */
export function waitForHydrationAfterGoto(page: Page): void {
  if (hydratingPages.has(page)) return;
  hydratingPages.add(page);
  const goto = page.goto.bind(page);
  page.goto = (async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  }) as Page['goto'];
}

/** Accepts (or dismisses) the cookie-consent banner when it is shown, so it covers nothing. */
export async function acceptCookies(page: Page): Promise<void> {
  waitForHydrationAfterGoto(page);
  await waitForHydration(page);
  const banner = page.getByTestId('cookie-consent');
  if (await banner.isVisible().catch(() => false)) {
    await banner.getByRole('button').first().click();
    await expect(banner).toBeHidden();
  }
}

/**
 * Signs a new player up and waits for the player home, its cookie banner accepted. Through the API
 * (the sign-up call the form makes, then the player home) unless `throughForm`: the form itself is
 * covered by the journeys that are about it (e2e/journey.spec.ts, e2e/newcomer.spec.ts,
 * e2e/newcomer-polish.spec.ts), and a page load less per journey keeps the browser stage short. The
 * sign-up gift welcome that home opens first is skipped unless `signupGift` (through the form, which
 * leaves the mark the player home reads: e2e/newcomer-polish.spec.ts).
 */
export async function signUp(page: Page, email: string, password = 'E2e-Player-2026', options: { signupGift?: boolean; throughForm?: boolean } = {}): Promise<void> {
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page);
  await skipEmailBanner(page);
  if (!options.signupGift) await skipSignupGift(page);
  waitForHydrationAfterGoto(page);
  if (!options.throughForm && !options.signupGift) {
    const signedUp = await page.request.post('/rest/auth/signup/', { data: { email, password, birthday: '1990-04-12', acceptedTerms: true } });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    await page.goto('/lobby/');
    await acceptCookies(page);
    return;
  }
  await page.goto('/signup/');
  await acceptCookies(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/lobby\/?$/);
  // The player home may be a new document: its buttons work once React has hydrated it.
  await waitForHydration(page);
}

/**
 * A new account's email is unconfirmed, so every signed-in page shows the email-confirmation banner
 * at the top of the page: journeys that are not about it hide it for the session, as its "Hide for
 * now" does (e2e/email-confirmation.spec.ts is about it).
 */
export async function skipEmailBanner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.sessionStorage.setItem('email-banner-dismissed', '1');
    } catch {
      // No storage: the banner shows.
    }
  });
}

/** Drops the sign-up page's mark (features/auth/signup-gift.ts) before the player home reads it: no gift welcome. */
export async function skipSignupGift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.sessionStorage.removeItem('sweepstack_signup_gift');
    } catch {
      // No storage: no mark either.
    }
  });
}

/**
 * The preset package modal opens 5 s after load for ACTIVE players (once an hour, cookie
 * `presetPackageModal`): journeys that are not about it mark it as already shown.
 */
export async function skipPresetPackageModal(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'presetPackageModal', value: '1', url: baseUrl(), expires: Math.floor(Date.now() / 1000) + 3600 }]);
}

/**
 * Clears the preset package cookie with no page of the app open, for a journey that wants the modal on
 * its next load: the page it leaves has its own 5 s count running (the player home right after signUp),
 * which would set the cookie again if it ended after the clearing.
 */
export async function clearPresetPackageCookie(page: Page): Promise<void> {
  await page.evaluate(() => window.location.assign('about:blank'));
  await page.waitForURL('about:blank');
  await page.context().clearCookies({ name: 'presetPackageModal' });
}

/**
 * Features' welcome modals open once per day 5 s after load (spec §9; the daily login prize is one):
 * journeys that are not about them mark today's as already shown (app/platform/feature-timers.ts).
 */
export async function skipWelcomeModals(page: Page, features: readonly string[] = ['daily-login', 'wheel-of-treasure', 'seasons', 'prize-drops', 'bingo', 'scratch-cards']): Promise<void> {
  await page.addInitScript((ids: readonly string[]) => {
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    try {
      const welcomed = JSON.parse(window.localStorage.getItem('sweepstack_welcomed') ?? '{}') as Record<string, string>;
      for (const id of ids) welcomed[id] = today;
      window.localStorage.setItem('sweepstack_welcomed', JSON.stringify(welcomed));
    } catch {
      // No storage: the welcome may show; nothing else to do.
    }
  }, features);
}

/**
 * A season that another browser test started may still be running (seasons count every game round):
 * its congratulations modal then opens over whatever a later test is doing. Journeys that are not about
 * seasons close it whenever it shows up, before their next action (Playwright's locator handler).
 */
export async function dismissSeasonCelebrations(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId('season-congratulations-close'), async (close) => {
    await close.click();
  });
}

/**
 * A signed-out or signed-in (storageState) browser context of the given size, touch on phone sizes,
 * with the cookie consent given, the preset package pop-up and today's welcome modals marked seen,
 * the email-confirmation banner hidden (unless `emailBanner`), and each navigation waiting for hydration.
 */
export async function device(
  browser: Browser,
  width: number,
  height: number,
  options: {
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
    emailBanner?: boolean;
    /** The device's position (default ALLOWED_LOCATION); null: the permission is not granted. */
    geolocation?: { latitude: number; longitude: number } | null;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const mobile = width < 768;
  const geolocation = options.geolocation === undefined ? ALLOWED_LOCATION : options.geolocation;
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: mobile,
    hasTouch: mobile,
    ...(geolocation ? { geolocation, permissions: ['geolocation'] } : { permissions: [] }),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  await context.addCookies([{ name: CONSENT_GIVEN_COOKIE, value: 'true', url: baseUrl() }]);
  const page = await context.newPage();
  await skipPresetPackageModal(page);
  await skipWelcomeModals(page);
  if (!options.emailBanner) await skipEmailBanner(page);
  waitForHydrationAfterGoto(page);
  return { context, page };
}
