import { data } from 'react-router';

/** Any unmatched path: a 404 rendered by the locale route's error boundary inside the shell. */
export function loader({ request }: { request: Request }) {
  throw data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function NotFound() {
  return null;
}
