import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadMachines, mermaidOf } from '../../scripts/diagrams';

describe('machine diagrams', () => {
  it('docs/machines.md holds the current diagram of every machine (run `npm run diagrams` when this fails)', async () => {
    const docs = readFileSync('docs/machines.md', 'utf8');
    const machines = await loadMachines();
    expect(machines.length).toBeGreaterThan(0);
    for (const { name, machine } of machines) {
      expect(docs, `diagram of ${name}`).toContain(mermaidOf(machine));
    }
  });
});
