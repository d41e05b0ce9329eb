import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { sendMessage } from './mailer';

/** A minimal SMTP sandbox: accepts (or refuses) every mail and keeps what it received. */
function smtpSandbox(options: { refuse: boolean }): { server: Server; received: string[] } {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 sandbox ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sandbox\r\n');
        else if (verb === 'MAIL') socket.write(options.refuse ? '550 no thanks\r\n' : '250 ok\r\n');
        else if (verb === 'RCPT') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return { server, received };
}

async function waitForStatus(t: TestApp, id: number, status: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const row = await t.database.db.selectFrom('outbox_messages').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`message ${id} never reached status ${status}`);
}

describe.each(dialectsUnderTest())('mailer with SMTP_URL on %s', (dialect) => {
  for (const refuse of [false, true]) {
    describe(refuse ? 'refusing server' : 'accepting server', () => {
      let t: TestApp;
      const sandbox = smtpSandbox({ refuse });
      beforeAll(async () => {
        await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
        const { port } = sandbox.server.address() as AddressInfo;
        t = await createTestApp(dialect, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      });
      afterAll(async () => {
        await t.close();
        await new Promise((resolve) => sandbox.server.close(resolve));
      });

      it(refuse ? 'records a refused mail as failed' : 'delivers the mail and records it as sent', async () => {
        const id = await sendMessage(t.app, { channel: 'email', to: 'player@example.com', subject: 'Hello', body: 'Body text' });
        await waitForStatus(t, id, refuse ? 'failed' : 'sent');
        if (!refuse) {
          expect(sandbox.received).toHaveLength(1);
          expect(sandbox.received[0]).toContain('Subject: Hello');
          expect(sandbox.received[0]).toContain('Body text');
          const row = await t.database.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          expect(row.sent_at_ms).not.toBeNull();
        }
      });

      it('keeps SMS in the outbox (sandbox gateway)', async () => {
        const id = await sendMessage(t.app, { channel: 'sms', to: '+15551234567', subject: 'OTP', body: 'code' });
        const row = await t.database.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ channel: 'sms', status: 'kept', sent_at_ms: null });
      });
    });
  }
});
