import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in server/ (issue 35, decision 077): dpdm reads every module of server/ and what it
 * imports (domain/, openapi/), type-only imports included (a type
 * cycle still ties the folders together), and lists the circles. Before: one circle of 32 files
 * (services ↔ jobs ↔ mails); the layer rule (eslint-rules/layers.mjs) keeps the folders one way,
 * this keeps the files inside a folder one way too.
 */
describe('server imports', () => {
  it('form no cycle', async () => {
    const tree = await parseDependencyTree(['server/**/*.ts'], {
      context: process.cwd(),
      exclude: /node_modules/,
      transform: false,
      skipDynamicImports: false,
    });
    const modules = Object.entries(tree).filter(([file, imports]) => file.startsWith('server/') && imports !== null);
    const cycles = parseCircular(tree).map((cycle) => cycle.join(' → '));
    // Before decision 077: 35 cycles over 31 files (services ↔ jobs ↔ mails, and pricing-settings ↔ service-checklists).
    expect(modules.length, 'dpdm read the server modules').toBeGreaterThan(200);
    expect(cycles).toEqual([]);
  }, 120_000);
});
