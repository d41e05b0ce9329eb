import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackChangeForm, trackClickButton, trackError, trackOpenPopup, trackSendForm } from './analytics';

describe('analytics', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pushes the spec fields to window.dataLayer', () => {
    const win: { dataLayer?: unknown[] } = {};
    vi.stubGlobal('window', win);
    trackClickButton('sign_up', 'header');
    trackSendForm('registration', 'signup');
    trackChangeForm('signup', 'email');
    trackOpenPopup('tournaments', 'deep_link');
    trackError('signin', 'bad password', 'signin');
    expect(win.dataLayer).toEqual([
      { event: 'click_button', button_name: 'sign_up', location: 'header' },
      { event: 'send_form', step: 'registration', location: 'signup' },
      { event: 'change_form', form_name: 'signup', form_field: 'email' },
      { event: 'open_popup', popup_name: 'tournaments', location: 'deep_link' },
      { event: 'error', form_name: 'signin', message: 'bad password', location: 'signin' },
    ]);
  });
});
