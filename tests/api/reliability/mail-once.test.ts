import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, QUEUES } from '../../../server/queue';
import { JOBS_CHANNEL } from '../../../server/queue/queue';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Mail once (issue 24, row 5; docs/decisions/028): a mail job that runs again — its completion
 * was lost to a crash or an outage, so the queue hands it out a second time — delivers one mail,
 * and every run carries the same Message-ID. On the queue of the database in use: the embedded
 * runner on PGlite, pg-boss on PostgreSQL (DATABASE_URL).
 */
let server: TestServer;
let people = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const address = () => `mail-once-${++people}@example.test`;
const onPgBoss = () => Boolean(server.db.executeSql);

/** The job's id, whichever queue holds it. */
async function jobTo(to: string): Promise<string> {
  const sql = onPgBoss()
    ? "SELECT id::text AS id FROM pgboss.job WHERE name = $1 AND data->>'to' = $2"
    : "SELECT id::text AS id FROM local_jobs WHERE name = $1 AND data->>'to' = $2";
  const [row] = await server.db.query<{ id: string }>(sql, [QUEUES.mail, to]);
  return row!.id;
}

/** What a crash after the send and before the completion leaves: the job handed out again. */
async function runAgain(jobId: string): Promise<void> {
  await server.db.query(
    onPgBoss()
      ? "UPDATE pgboss.job SET state = 'retry', start_after = now(), completed_on = NULL WHERE name = $1 AND id = $2::uuid"
      : "UPDATE local_jobs SET state = 'retry', start_after = now(), completed_on = NULL WHERE name = $1 AND id = $2::int",
    [QUEUES.mail, jobId],
  );
  await server.db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, QUEUES.mail]);
  await server.mailSettled();
}

async function filesTo(to: string): Promise<string[]> {
  const dir = server.config.outboxDir;
  const files = await Promise.all((await readdir(dir)).filter((name) => name.endsWith('.eml')).map((name) => readFile(path.join(dir, name), 'utf8')));
  return files.filter((file) => file.includes(`\r\nTo: ${to}\r\n`));
}

const messageIdOf = (file: string) => /\r\nMessage-ID: (<[^>\r\n]+>)\r\n/.exec(file)?.[1];

describe('a mail job that runs twice', () => {
  it('writes one outbox file, with the Message-ID given when the mail was queued', async () => {
    const to = address();
    const outbox = mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber });
    await server.db.transaction((tx) => outbox.add(tx, { to, subject: 'Booking confirmed', text: 'See you on Monday' }));
    await server.mailSettled();
    const [first, ...others] = await filesTo(to);
    expect(others).toEqual([]);
    const messageId = messageIdOf(first!);
    expect(messageId).toMatch(new RegExp(`^<[0-9a-f-]{36}@${new URL(server.config.publicUrl).hostname.replace(/\./g, '\\.')}>$`));

    await runAgain(await jobTo(to));
    expect((await filesTo(to)).map(messageIdOf)).toEqual([messageId]);
  });

  it('a job queued without a Message-ID gets one from its id, the same on every run', async () => {
    const to = address();
    // As a job queued before mails had a Message-ID: the bare mail in the queue.
    await server.db.transaction((tx) => server.app.jobs.send(tx, QUEUES.mail, { to, subject: 'Old job', text: 'Queued long ago' }));
    await server.mailSettled();
    const jobId = await jobTo(to);
    const [first] = await filesTo(to);
    expect(messageIdOf(first!)).toBe(`<job-${jobId}@${new URL(server.config.publicUrl).hostname}>`);

    await runAgain(jobId);
    expect((await filesTo(to)).map(messageIdOf)).toEqual([`<job-${jobId}@${new URL(server.config.publicUrl).hostname}>`]);
  });

  it('queues nothing for a mail without an address (an erased account\'s), so nothing goes to an empty To', async () => {
    const outbox = mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber });
    const before = await server.app.jobs.pending(QUEUES.mail);
    await server.db.transaction((tx) => outbox.add(tx, { to: '', subject: 'Booking confirmed', text: '12 Erased Road' }));
    expect(await server.app.jobs.pending(QUEUES.mail)).toBe(before);
    // One queued before the erasure emptied its address is dropped when it runs.
    await server.db.transaction((tx) => server.app.jobs.send(tx, QUEUES.mail, { to: '', subject: 'Old job', text: '12 Erased Road' }));
    await server.mailSettled();
    expect(await filesTo('')).toEqual([]);
  });
});
