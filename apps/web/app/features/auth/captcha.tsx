import { useEffect, useState } from 'react';
import { useRootData } from '../../lib/root-data';

const loaded = new Map<string, Promise<void>>();

/** Loads the provider script once; a script that fails to load counts as loaded (spec §5). */
function loadScript(url: string): Promise<void> {
  let promise = loaded.get(url);
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.defer = true;
      script.onload = () => resolve();
      script.onerror = () => resolve();
      document.head.appendChild(script);
    });
    loaded.set(url, promise);
  }
  return promise;
}

/** Whether a captcha must be shown: only when enabled with a site key and a script URL. */
export function useCaptcha(): { enabled: boolean; ready: boolean; siteKey: string | null } {
  const { shell } = useRootData();
  const captcha = shell.captcha;
  const enabled = Boolean(captcha?.isEnabled && captcha.key && captcha.url);
  const [ready, setReady] = useState(!enabled);
  useEffect(() => {
    if (!enabled || !captcha?.url) return;
    let active = true;
    void loadScript(captcha.url).then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, [enabled, captcha?.url]);
  return { enabled, ready, siteKey: enabled ? (captcha?.key ?? null) : null };
}

/** The widget container (hCaptcha and Turnstile both render into it and add their token field). */
export function CaptchaWidget({ siteKey }: { siteKey: string }) {
  return <div className="h-captcha cf-turnstile min-h-[65px]" data-sitekey={siteKey} />;
}

/** The token the provider put into the form, if any. */
export function captchaToken(form: FormData): string | undefined {
  for (const name of ['h-captcha-response', 'cf-turnstile-response', 'g-recaptcha-response']) {
    const value = form.get(name);
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}
