import { Outlet } from 'react-router';
import { Shell } from '../features/shell/shell';

export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
