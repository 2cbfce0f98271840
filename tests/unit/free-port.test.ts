import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePortSync } from '../e2e/support/free-port';

describe('the end-to-end server port', () => {
  it('is one nobody listens on, even while another program holds the usual port', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const taken = (other.address() as { port: number }).port;
    const port = findFreePortSync();
    expect(port).not.toBe(taken);
    const ours = createServer();
    await new Promise<void>((resolve, reject) => ours.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => ours.close(resolve));
    await new Promise((resolve) => other.close(resolve));
  });
});
