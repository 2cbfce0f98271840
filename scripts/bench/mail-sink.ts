import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the bench's server sends its mail: SMTP, as in production (README "Deployment", pooled since
 * decision 119), to a mail server in a process of its own at a low priority, so the mail's far end is
 * neither the server's CPU nor the load generator's event loop (in production it is another host). Before it,
 * the bench wrote each mail to the outbox (three file operations a mail, the development mailer).
 */
export interface MailSink {
  /** SMTP_URL for the server. */
  url: string;
  /** Mails received so far. */
  received(): number;
  /** The links of the newest mail to `to` with a confirmation link, once it has arrived. */
  linksTo(to: string, timeoutMs?: number): Promise<{ to: string; links: string[] }>;
  stop(): Promise<void>;
}

type Message = { kind: 'ready'; url: string } | { kind: 'received'; count: number } | { kind: 'mail'; to: string; links: string[] };

export async function startMailSink(): Promise<MailSink> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mail-sink-process.ts');
  const child: ChildProcess = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // It stands in for a relay on another host: at a low priority, it takes the machine's spare time
  // rather than time from the server and the database it measures.
  os.setPriority(child.pid!, 15);
  let count = 0;
  const mails = new Map<string, string[]>();
  const waiting = new Map<string, () => void>();
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the mail sink exited (${code})`)));
    child.on('message', (message: Message) => {
      if (message.kind === 'ready') resolve(message.url);
      else if (message.kind === 'received') count = message.count;
      else {
        mails.set(message.to.toLowerCase(), message.links);
        waiting.get(message.to.toLowerCase())?.();
      }
    });
  });
  return {
    url,
    received: () => count,
    async linksTo(to, timeoutMs = 30_000) {
      const key = to.toLowerCase();
      if (!mails.has(key)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
          waiting.set(key, () => {
            clearTimeout(timer);
            waiting.delete(key);
            resolve();
          });
        });
      }
      return { to, links: mails.get(key)! };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}
