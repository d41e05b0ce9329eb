import { listOutboxMessages } from '@sweepstack/db/repositories/outbox-messages';
import type { FastifyPluginAsync } from 'fastify';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * GET /dev/outbox: the last 50 mails and SMS as plain HTML, under `npm run dev` only: it shows
 * password-reset links and one-time codes to anyone, so `npm start` never registers it
 * (`npm run mail:outbox` reads the same outbox from a shell).
 */
const devOutboxRoutes: FastifyPluginAsync = async (app) => {
  if (!app.deps.config.devTools) return;
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listOutboxMessages(app.deps.database.db, { limit: 50 });
    const rows = messages
      .map(
        (m) =>
          `<article><h2>#${m.id} ${escapeHtml(m.channel)} to ${escapeHtml(m.recipient)} <small>${new Date(m.created_at_ms).toISOString()} · ${escapeHtml(m.status)}</small></h2>` +
          `<h3>${escapeHtml(m.subject)}</h3><pre>${escapeHtml(m.body)}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}small{color:#666;font-weight:normal}</style>
</head><body><h1>Outbox: last 50 messages</h1>${rows || '<p>No messages yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};

export default devOutboxRoutes;
