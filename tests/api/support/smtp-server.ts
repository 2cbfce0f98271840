import { createServer, type Server, type Socket } from 'node:net';

export type SmtpMode = 'accept' | 'refuse' | 'silent';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpServer {
  url: string;
  /**
   * accept: a working server; refuse: answers 554 at the greeting; silent: connects, never greets.
   * Setting it drops the connections already open, as a server that went down and came back would:
   * a client's pooled connection (decision 119) meets the new behaviour on its next attempt.
   */
  mode: SmtpMode;
  received: ReceivedMail[];
  /** Connections opened so far. */
  connections: number;
  /** Connections open now. */
  readonly open: number;
  /** Closes the connections open now, as a server's idle timeout or restart does. */
  drop(): void;
  close(): Promise<void>;
}

/**
 * A small SMTP server on loopback speaking enough of RFC 5321 for nodemailer (EHLO, MAIL, RCPT,
 * DATA, QUIT), whose behaviour a test switches: working, refusing, or silent. There is no real
 * SMTP server on this machine; this one is real TCP and real protocol, driven by the real client.
 */
export async function startSmtpServer(mode: SmtpMode = 'accept'): Promise<SmtpServer> {
  const sockets = new Set<Socket>();
  let current = mode;
  const state: SmtpServer = {
    url: '',
    get mode() {
      return current;
    },
    set mode(next: SmtpMode) {
      current = next;
      state.drop();
    },
    received: [],
    connections: 0,
    get open() {
      return sockets.size;
    },
    drop() {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      state.drop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (state.mode === 'silent') return;
    if (state.mode === 'refuse') {
      socket.end('554 5.3.2 Service refused for the test\r\n');
      return;
    }
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.smtp ESMTP ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          state.received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test.smtp');
        else if (verb === 'MAIL') {
          mail.from = line;
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? line);
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}
