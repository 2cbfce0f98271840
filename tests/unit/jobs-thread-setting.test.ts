import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

/** JOBS_THREAD (decision 136): the job workers off the requests' loop wherever the database allows it. */
describe('JOBS_THREAD', () => {
  const postgres = { DATABASE_URL: 'postgres://sparkle@127.0.0.1:5432/sparkle' };

  it('is on by default with a PostgreSQL server, and can be turned off', () => {
    expect(loadConfig(postgres).jobsThread).toBe(true);
    expect(loadConfig({ ...postgres, JOBS_THREAD: 'false' }).jobsThread).toBe(false);
  });

  it('is off with the embedded database, which belongs to one thread, and refused on there', () => {
    expect(loadConfig({}).jobsThread).toBe(false);
    expect(() => loadConfig({ JOBS_THREAD: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_THREAD: 'true' })).toThrow('JOBS_THREAD=true needs DATABASE_URL');
    expect(() => loadConfig({ ...postgres, JOBS_THREAD: 'yes' })).toThrow('JOBS_THREAD must be true or false: yes');
  });
});
