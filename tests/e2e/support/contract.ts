import { test as base, expect, type Response } from '@playwright/test';
import { createContractValidator, type ContractValidator } from '../../support/contract-validator';

/**
 * Every `/api/` answer the browser receives during an end-to-end test is checked against
 * openapi/openapi.yaml (status documented, JSON body of that status's schema), and 5xx other than
 * 503 are counted: a test whose page met either fails after it ran. Answers a test fakes with
 * `page.route(...).fulfill` never reached the server and are not checked. Opt in by extending this
 * `contractTest` instead of Playwright's `test` (support/fixtures.ts does).
 */
export const contractTest = base.extend<{ contractCheck: void }, { contractValidator: ContractValidator }>({
  contractValidator: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const validator = createContractValidator();
      await provide(validator);
      console.log(`Contract check (end-to-end worker ${workerInfo.workerIndex}): ${validator.summary()}`);
    },
    { scope: 'worker' },
  ],

  contractCheck: [
    async ({ page, contractValidator }, provide) => {
      const before = { violations: contractValidator.violations().length, serverErrors: contractValidator.serverErrors().length };
      const pending: Promise<void>[] = [];
      const onResponse = (response: Response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/')) return;
        pending.push(check(contractValidator, response, url.pathname));
      };
      page.on('response', onResponse);
      await provide();
      page.off('response', onResponse);
      await Promise.all(pending);
      const problems = [
        ...contractValidator.violations().slice(before.violations).map((v) => `${v.operation} ${v.status}: ${v.problem}`),
        ...contractValidator.serverErrors().slice(before.serverErrors).map((v) => `${v.operation} answered ${v.status}: ${v.problem}`),
      ];
      expect(problems, 'API answers in this test that broke the contract').toEqual([]);
    },
    { auto: true },
  ],
});

async function check(validator: ContractValidator, response: Response, pathname: string): Promise<void> {
  try {
    // A faked answer (route.fulfill) has no server address: nothing of the server's to check.
    if (!(await response.serverAddr())) return;
    const body = await response.text();
    validator.check({ method: response.request().method(), path: pathname, status: response.status(), body });
  } catch {
    // The page navigated away or closed before the body could be read: nothing to check.
  }
}
