import { insertOutboxMessage, markOutboxMessage } from '@sweepstack/db/repositories/outbox-messages';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

const transports = new WeakMap<ServerConfig, Transporter>();

function transportFor(config: ServerConfig): Transporter | undefined {
  if (!config.SMTP_URL) return undefined;
  let transport = transports.get(config);
  if (!transport) {
    transport = nodemailer.createTransport(config.SMTP_URL);
    transports.set(config, transport);
  }
  return transport;
}

/**
 * Sends a mail or an SMS. Every message is first written to the outbox table (the record and, without
 * SMTP_URL, the sandbox: status 'kept'). With SMTP_URL an email is then delivered in the background
 * and marked 'sent' or 'failed', so a slow mail server neither delays nor reveals anything in the
 * answer. SMS has no gateway yet: the outbox is the sandbox gateway.
 */
export async function sendMessage(app: FastifyInstance, message: OutgoingMessage): Promise<number> {
  const { database, clock, config } = app.deps;
  const id = await insertOutboxMessage(database.db, {
    channel: message.channel,
    recipient: message.to,
    subject: message.subject,
    body: message.body,
    created_at_ms: clock.nowMs(),
    sent_at_ms: null,
    status: 'kept',
  });
  const transport = message.channel === 'email' ? transportFor(config) : undefined;
  if (transport) {
    void transport
      .sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.body })
      .then(
        () => markOutboxMessage(database.db, id, 'sent', clock.nowMs()),
        async (error: unknown) => {
          app.log.warn({ err: error, outboxId: id }, 'mail delivery failed');
          await markOutboxMessage(database.db, id, 'failed', null);
        },
      )
      .catch((error: unknown) => app.log.warn({ err: error, outboxId: id }, 'outbox status update failed'));
  }
  return id;
}
