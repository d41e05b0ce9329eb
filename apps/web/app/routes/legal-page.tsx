import { ZLegalPageResponse } from '@sweepstack/contracts/app/legal-page';
import { data } from 'react-router';
import { localeFromPath } from '../lib/locale';
import type { Route } from './+types/legal-page';

/** /page/{name}: a legal page of the footer menu, rendered from the API's safe blocks (no HTML). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = (params.name ?? params['*'] ?? '').replace(/\/+$/, '');
  if (!/^[\w-]{1,80}$/.test(name)) throw data(null, { status: 404 });
  const { locale } = localeFromPath(new URL(request.url).pathname);
  const response = await context.api(`/rest/page/legal/${encodeURIComponent(name)}/?locale=${locale}`);
  if (response.status === 404) throw data(null, { status: 404 });
  const parsed = ZLegalPageResponse.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw data(null, { status: response.ok ? 502 : response.status });
  const page = parsed.data.data;
  return { title: page.title, blocks: page.blocks, updatedAt: page.updatedAt, locale };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? 'Legal' }];
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { title, blocks, updatedAt, locale } = loaderData;
  return (
    <article className="card mx-auto max-w-3xl p-6 sm:p-10">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={new Date(updatedAt).toISOString()}>{new Date(updatedAt).toLocaleDateString(locale === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' })}</time>
      </p>
      <div className="mt-6 space-y-4 leading-relaxed">
        {blocks.map((block, index) =>
          block.type === 'heading' ? (
            <h2 key={index} className="pt-2 text-xl font-bold">
              {block.text}
            </h2>
          ) : block.type === 'paragraph' ? (
            <p key={index}>{block.text}</p>
          ) : (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {block.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </div>
    </article>
  );
}
