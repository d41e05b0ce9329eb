import { data } from 'react-router';

/** Any unmatched path: a 404 rendered by the locale route's error boundary inside the shell. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
