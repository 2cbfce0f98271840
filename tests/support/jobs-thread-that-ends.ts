/**
 * A stand-in for server/jobs-thread.ts (tests/unit/jobs-thread-restart.test.ts): its first start
 * runs, then ends unasked; its second fails before it is ready; its third runs until told to stop.
 * The starts are counted in the file JOBS_THREAD_STARTS names.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const counter = process.env.JOBS_THREAD_STARTS!;
const start = Number(readFileSync(counter, 'utf8') || '0') + 1;
writeFileSync(counter, String(start));
if (start === 2) throw new Error('the database is still away');
parentPort!.on('message', () => parentPort!.postMessage('stopped'));
parentPort!.postMessage('ready');
if (start === 1) setTimeout(() => process.exit(3), 10);
