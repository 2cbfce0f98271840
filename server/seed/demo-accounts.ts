import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface DemoAccount {
  name: string;
  email: string;
  password: string;
  roles: string[];
}

export interface DemoAccounts {
  accounts: DemoAccount[];
  /** The passwords were just generated (no env, no saved file): existing accounts take them. */
  generated: boolean;
}

export const DEMO_CUSTOMER_EMAIL = 'customer@sparkle.test';
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.json';

/**
 * Who can sign in on a new site. Development: a demo customer and an admin, with passwords from
 * DEMO_PASSWORD / ADMIN_PASSWORD or generated once into DATA_DIR/demo-accounts.json (never in the
 * repo). Production: only the admin of ADMIN_EMAIL + ADMIN_PASSWORD, and only when both are set.
 */
export function resolveDemoAccounts(config: Config): DemoAccounts {
  if (config.nodeEnv === 'production') {
    const admin = config.adminEmail && config.adminPassword
      ? [{ name: 'Administrator', email: config.adminEmail, password: config.adminPassword, roles: ['ROLE_USER', 'ROLE_ADMIN'] }]
      : [];
    return { accounts: admin, generated: false };
  }
  const file = path.join(config.dataDir, DEMO_ACCOUNTS_FILE);
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { admin?: string; customer?: string }) : {};
  const generate = () => randomBytes(9).toString('base64url');
  const adminPassword = config.adminPassword ?? saved.admin ?? generate();
  const customerPassword = config.demoPassword ?? saved.customer ?? generate();
  const generated = (!config.adminPassword && !saved.admin) || (!config.demoPassword && !saved.customer);
  if (generated) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify({ admin: adminPassword, customer: customerPassword }, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    generated,
    accounts: [
      { name: 'Jane Customer', email: DEMO_CUSTOMER_EMAIL, password: customerPassword, roles: ['ROLE_USER'] },
      { name: 'Sam Admin', email: config.adminEmail ?? 'admin@sparkle.test', password: adminPassword, roles: ['ROLE_USER', 'ROLE_ADMIN'] },
    ],
  };
}
