import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for the part of Twilio's REST API the shop uses (decision 094): creating a
 * Message (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP basic auth
 * with the account SID and auth token), and the inbound side: `reply` posts a text a person sends
 * back to the shop's webhook, form-encoded and signed with `X-Twilio-Signature` by the SDK's own
 * `getExpectedTwilioSignature`, as Twilio does. Each request is checked against the Message
 * resource's documented create parameters (names, the required To, one of From or
 * MessagingServiceSid, one of Body, MediaUrl or ContentSid; To in E.164); a violation is answered
 * 400 with Twilio's error shape and kept in `violations` for the test to fail on. As Twilio's
 * Advanced Opt-Out does, a number that replied STOP gets nothing more (error 21610) until START.
 * Twilio's own OpenAPI description is not on the npm registry, so the parameter names are kept
 * here (taken from the API reference of the Message resource).
 */
export interface FakeMessage { sid: string; to: string; from: string | null; messagingServiceSid: string | null; body: string }
export interface DeliveredReply { status: number; answer: string }
/** A create Twilio refused for a reason of its own (not a violation by the shop): its answer's status and body. */
export interface FakeRefusal { to: string; status: number; body: { code: number; message: string; more_info: string; status: number } }

export interface FakeTwilio {
  /** TWILIO_API_URL for the shop. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  messages: FakeMessage[];
  violations: string[];
  refusals: FakeRefusal[];
  /**
   * The person at `number` replied STOP to the shop's Twilio number, and the shop never heard it
   * (its inbound webhook was down): Twilio keeps the opt-out and refuses texts to it with 21610.
   */
  optOut(number: string): void;
  /**
   * A person texts `body` from `from` to the shop's number: posted to `postTo` (where the shop
   * listens), signed for `signedUrl` (the webhook URL configured on the number: PUBLIC_URL's).
   */
  reply(from: string, body: string, webhook: { postTo: string; signedUrl: string }): Promise<DeliveredReply>;
  close(): Promise<void>;
}

/** The create parameters of the Message resource (Twilio API reference, 2010-04-01). */
const CREATE_PARAMETERS = new Set([
  'To', 'From', 'MessagingServiceSid', 'Body', 'MediaUrl', 'ContentSid', 'ContentVariables', 'StatusCallback', 'ApplicationSid',
  'MaxPrice', 'ProvideFeedback', 'Attempt', 'ValidityPeriod', 'ForceDelivery', 'ContentRetention', 'AddressRetention',
  'SmartEncoded', 'PersistentAction', 'TrafficType', 'ShortenUrls', 'ScheduleType', 'SendAt', 'SendAsMms', 'RiskCheck', 'FallbackFrom', 'MessageIntent',
]);
const E164 = /^\+[1-9]\d{6,14}$/;

export async function startFakeTwilio(options: { shopNumber?: string } = {}): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const shopNumber = options.shopNumber ?? '+447700900000';
  const messages: FakeMessage[] = [];
  const violations: string[] = [];
  const refusals: FakeRefusal[] = [];
  const optedOut = new Set<string>();

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, status: number, code: number, message: string) => {
    violations.push(`${code}: ${message}`);
    answer(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return refuse(response, 404, 20404, `The requested resource ${request.method} ${path} was not found`);
      }
      if (request.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`) {
        return refuse(response, 401, 20003, 'Authenticate');
      }
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return refuse(response, 400, 20001, `Content-Type must be form-encoded: ${request.headers['content-type']}`);
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const unknown = [...form.keys()].filter((name) => !CREATE_PARAMETERS.has(name));
      if (unknown.length > 0) return refuse(response, 400, 20001, `Unknown parameters: ${unknown.join(', ')}`);
      const to = form.get('To');
      if (!to) return refuse(response, 400, 21604, "A 'To' phone number is required.");
      if (!E164.test(to)) return refuse(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!form.get('From') && !form.get('MessagingServiceSid')) return refuse(response, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
      if (!form.get('Body') && !form.get('MediaUrl') && !form.get('ContentSid')) return refuse(response, 400, 21602, 'Message body is required.');
      // Not a violation (the shop cannot know of a STOP it never heard): Twilio refuses it with error
      // 21610, "Attempt to send to unsubscribed recipient", in its REST error shape (docs/errors/21610).
      if (optedOut.has(to)) {
        const refusal: FakeRefusal = { to, status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', more_info: 'https://www.twilio.com/docs/errors/21610', status: 400 } };
        refusals.push(refusal);
        return answer(response, refusal.status, refusal.body);
      }
      const message: FakeMessage = { sid: `SM${randomBytes(16).toString('hex')}`, to, from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), body: form.get('Body') ?? '' };
      messages.push(message);
      answer(response, 201, {
        sid: message.sid, account_sid: accountSid, to, from: message.from ?? shopNumber, body: message.body, status: 'queued',
        messaging_service_sid: message.messagingServiceSid, num_segments: '1', direction: 'outbound-api', api_version: '2010-04-01',
        date_created: new Date().toUTCString(), uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    violations,
    refusals,
    optOut(number) {
      optedOut.add(number);
    },
    async reply(from, body, webhook) {
      const word = body.trim().toUpperCase();
      if (['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].includes(word)) optedOut.add(from);
      if (['START', 'YES', 'UNSTOP'].includes(word)) optedOut.delete(from);
      const params = { MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: accountSid, From: from, To: shopNumber, Body: body, NumMedia: '0', NumSegments: '1', ApiVersion: '2010-04-01' };
      const signature = twilio.getExpectedTwilioSignature(authToken, webhook.signedUrl, params);
      const response = await fetch(webhook.postTo, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
      return { status: response.status, answer: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
