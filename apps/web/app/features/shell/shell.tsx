import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useMatches } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { BottomNav } from './bottom-nav';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** The default layout: header, players' sidebar, page, footer and the mobile bottom navigation. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  // Pages made of game rows (home, lobby, library: `handle.wide`) use the whole width of the screen.
  const wide = useMatches().some((match) => (match.handle as { wide?: boolean } | undefined)?.wide === true);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <div className="flex">
        {root.player && <Sidebar player={root.player} />}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className={`mx-auto w-full flex-1 px-4 py-6 outline-none sm:py-8 ${wide ? 'max-w-[120rem] sm:px-6 lg:px-8' : 'max-w-screen-xl'}`}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <BottomNav />
    </>
  );
}
