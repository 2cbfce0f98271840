import { execFileSync } from 'node:child_process';

/**
 * A TCP port nobody listens on right now, found synchronously (the Playwright config and every
 * worker read the port at import time): the kernel hands out a free one to `listen(0)`.
 */
export function findFreePortSync(host = '127.0.0.1'): number {
  const script = `const s=require('net').createServer();s.listen(0,${JSON.stringify(host)},()=>{process.stdout.write(String(s.address().port));s.close();});`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
