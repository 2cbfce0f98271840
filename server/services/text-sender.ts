import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import twilio from 'twilio';
import type { Config } from '../config';
import type { MailLog } from '../queue/mail';
import { TextRecipientOptedOut, type TextSender } from '../queue/text';

/** Twilio's REST API, which the SDK's requests name; TWILIO_API_URL puts another origin (a local fake) in its place. */
const TWILIO_API_ORIGIN = 'https://api.twilio.com';
/** Twilio's error "Attempt to send to unsubscribed recipient": the number replied STOP to the sender (docs/errors/21610). */
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

/**
 * Chooses the sender (decision 094): Twilio's official SDK when the three Twilio settings are given,
 * else `.sms` files in the outbox folder beside the mails.
 */
export function createTextSender(config: Pick<Config, 'twilio' | 'outboxDir'>, log: MailLog = () => {}): TextSender {
  return config.twilio ? createTwilioSender(config.twilio) : createOutboxTextSender(config.outboxDir, log);
}

/**
 * `client.messages.create` with To, From (or MessagingServiceSid) and Body. With TWILIO_API_URL the
 * SDK's own HTTP client (axios, basic auth, form encoding) sends the same request to that origin.
 */
export function createTwilioSender(settings: NonNullable<Config['twilio']>): TextSender {
  const httpClient = settings.apiUrl ? redirectedClient(settings.apiUrl) : undefined;
  const client = twilio(settings.accountSid, settings.authToken, httpClient ? { httpClient } : {});
  const sender = settings.from.startsWith('MG') ? { messagingServiceSid: settings.from } : { from: settings.from };
  return {
    async send(text) {
      try {
        const message = await client.messages.create({ to: text.to, body: text.body, ...sender });
        return message.sid;
      } catch (error) {
        // The SDK's RestException carries Twilio's error code from the answer's body.
        if ((error as { code?: unknown }).code === TWILIO_UNSUBSCRIBED_RECIPIENT) throw new TextRecipientOptedOut(text.to);
        throw error;
      }
    },
  };
}

function redirectedClient(apiUrl: string): twilio.RequestClient {
  const client = new twilio.RequestClient();
  const request = client.request.bind(client);
  client.request = (opts) => request({ ...opts, uri: opts.uri.replace(TWILIO_API_ORIGIN, apiUrl) });
  return client;
}

/**
 * Without Twilio, each text is a small `.sms` file (To, then the body) in the outbox folder. Like a
 * mail, a text is written once: its name ends with a digest of its order, kind and job time, and a
 * second run of its job finds the file and writes nothing.
 */
export function createOutboxTextSender(outboxDir: string, log: MailLog): TextSender {
  return {
    async send(text) {
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const key = createHash('sha256').update(`${text.orderId}/${text.kind}/${text.dueAt}`).digest('hex').slice(0, 24);
      const id = `SMoutbox${key}`;
      if ((await readdir(outboxDir)).some((name) => name.endsWith(`-${key}.sms`))) return id;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${key}.sms`;
      const aside = path.join(outboxDir, `.${name}.tmp`);
      await writeFile(aside, `To: ${text.to}\n\n${text.body}\n`, { encoding: 'utf8', mode: 0o600 });
      await rename(aside, path.join(outboxDir, name));
      log(`Text to ${text.to} (${text.kind} of order ${text.orderId}) written to ${name}`);
      return id;
    },
  };
}

/** Texts in the outbox folder, oldest first (tests and the local demo read them). */
export async function readTextOutbox(outboxDir: string): Promise<Array<{ to: string; body: string }>> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.sms')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const [head = '', ...body] = (await readFile(path.join(outboxDir, name), 'utf8')).split('\n\n');
      return { to: head.replace(/^To: /, ''), body: body.join('\n\n').replace(/\n$/, '') };
    }),
  );
}
