// The SMTP mail transport (MAIL_TRANSPORT=smtp) delivers through nodemailer, loaded with the
// first mail: here to a small SMTP server on loopback that keeps what it receives.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../server/mail/transports';
import type { AuthConfig } from '../../server/auth/auth-config';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Speaks just enough SMTP for one client: greeting, EHLO, MAIL, RCPT, DATA, QUIT. */
function smtpServer(received: Received[]): Server {
  return createServer((socket: Socket) => {
    let mail: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const line = buffer.indexOf('\r\n');
        if (line === -1) return;
        const command = buffer.slice(0, line);
        buffer = buffer.slice(line + 2);
        const verb = command.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          mail.from = command;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(command);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
}

describe('SMTP mail transport', () => {
  const received: Received[] = [];
  const server = smtpServer(received);
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a mail to the configured SMTP server, with its sender, subject and text', async () => {
    const config = {
      mailTransport: 'smtp',
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      mailFrom: 'm.e Cards <no-reply@mecards.vn>',
    } as AuthConfig;
    const transport = createMailTransport(config, () => undefined);
    expect(transport.name).toBe('smtp');
    await transport.sendMail({
      to: 'lan@example.vn',
      subject: 'Mã xác nhận',
      text: 'Mã của bạn là 123456',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toContain('no-reply@mecards.vn');
    expect(received[0]!.to.join()).toContain('lan@example.vn');
    expect(received[0]!.data).toContain('Subject: =?UTF-8?');
    expect(received[0]!.data).toMatch(/M=C3=A3 c=E1=BB=A7a b=E1=BA=A1n l=C3=A0 123456|Mã của bạn/);
  });
});
