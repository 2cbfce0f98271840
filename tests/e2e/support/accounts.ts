/**
 * Fixed accounts of the end-to-end server (test values only, never used anywhere else): the server
 * seeds an administrator and a demo customer with these passwords on its fresh DATA_DIR.
 */
export const ADMIN_EMAIL = 'admin@sparkle.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';
export const DEMO_EMAIL = 'customer@sparkle.test';
export const DEMO_PASSWORD = 'e2e-demo-password';

export const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } as const;
export const demoCustomer = { email: DEMO_EMAIL, password: DEMO_PASSWORD } as const;
