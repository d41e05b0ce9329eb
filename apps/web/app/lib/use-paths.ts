import { useCallback } from 'react';
import { homePath } from '../features/themes/themes';
import { localizePath } from './locale';
import { useRootData } from './root-data';

/** Localizes app paths for the current language (prefix except default). */
export function useLocalize(): (path: string) => string {
  const { locale } = useRootData();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

/** The localized home: `/` for guests, the player home for players. */
export function useHomeHref(): string {
  const { theme, isGuest, locale } = useRootData();
  return localizePath(homePath(theme, isGuest), locale);
}
