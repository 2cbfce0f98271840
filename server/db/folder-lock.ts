import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'postmaster.pid.sparkle';

export class FolderInUseError extends Error {
  constructor(readonly folder: string, readonly pid: number) {
    super(
      `The database folder ${folder} is in use by another process (pid ${pid}). PGlite is the ` +
        'single-process embedded database: run one instance on it, or set DATABASE_URL to a ' +
        'PostgreSQL server to run several instances.',
    );
  }
}

export interface FolderLock {
  release(): void;
}

/**
 * A lock file in the data folder holding this process's pid, created exclusively. A lock left by a
 * dead process (SIGKILL, power loss) is taken over. Taking over moves the file aside first (atomic)
 * and checks that what was moved is the dead pid's: a process that took it over a moment earlier
 * gets its lock back and this one is refused.
 */
export function acquireFolderLock(folder: string, pid = process.pid): FolderLock {
  const file = path.join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      return { release: () => releaseIfOurs(file, pid) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder === null) continue; // Vanished or half-written: try again.
    if (holder !== pid && isAlive(holder)) throw new FolderInUseError(folder, holder);
    const aside = `${file}.${pid}.stale`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // Someone else moved it first.
    }
    const moved = readPid(aside);
    if (moved !== null && moved !== holder && moved !== pid && isAlive(moved)) {
      // A live process's fresh lock: put it back and step aside.
      try {
        linkSync(aside, file);
      } catch {
        // It has taken it again meanwhile.
      }
      unlinkSync(aside);
      throw new FolderInUseError(folder, moved);
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not take the lock file ${file}`);
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(file: string, pid: number): void {
  if (readPid(file) === pid) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
}
