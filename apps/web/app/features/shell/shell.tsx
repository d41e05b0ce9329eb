import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../../lib/root-data';
import { BottomNav } from './bottom-nav';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** The default layout: header, players' sidebar, page, footer and the mobile bottom navigation. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <div className="flex">
        {root.player && <Sidebar player={root.player} />}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-screen-xl flex-1 px-4 py-6 outline-none sm:py-8">
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <BottomNav />
    </>
  );
}
