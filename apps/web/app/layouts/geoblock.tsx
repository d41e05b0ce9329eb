import { Outlet } from 'react-router';
import { Wordmark } from '../features/themes/wordmark';
import { useRootData } from '../lib/root-data';

/** Geoblock layout: only the wordmark and the message; no navigation into the blocked product. */
export default function GeoblockLayout() {
  const { theme } = useRootData();
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8">
      <Wordmark theme={theme} className="h-9 w-auto" />
      <main id="main" className="mt-10 w-full max-w-lg">
        <Outlet />
      </main>
    </div>
  );
}
