import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine } from 'xstate';
import { getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';

/**
 * Model-based testing for machines that invoke actors. `createTestModel` refuses `invoke` and
 * `after`, but `getShortestPaths` works on any machine and its steps include the invoked actors'
 * `xstate.done.actor.*` / `xstate.error.actor.*` events. `pathsOf` adds, to the shortest path of
 * every reachable state, one more step for each event that state accepts, so the paths take every
 * transition; `coverageOf` counts states and transitions covered. The paths only choose events:
 * where each step must lead comes from the written tables (expected-walks.ts), never from the path.
 */
export type AnyPath = StatePath<any, any>;
type AnyEvent = { type: string; [key: string]: unknown };

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export function pathsOf(
  machine: AnyStateMachine,
  options: { events: readonly AnyEvent[]; input?: unknown; extend?: boolean },
): AnyPath[] {
  const shortest = getShortestPaths(machine, { events: options.events, input: options.input } as never) as AnyPath[];
  if (options.extend === false) return shortest;
  const extended: AnyPath[] = [];
  // A machine with children for life (invoked at its root, as My orders' dialogs): xstate/graph may
  // hand back a path's state without them, and an event the parent passes on needs them, so the
  // path is replayed from the start first.
  const hasChildren = machine.root.invoke.length > 0;
  const replayed = (path: AnyPath) =>
    path.steps
      .filter((step) => step.event.type !== 'xstate.init')
      .reduce((snapshot, step) => getNextSnapshot(machine, snapshot, step.event as never), getInitialSnapshot(machine, options.input));
  for (const path of shortest) {
    const state = hasChildren ? replayed(path) : path.state;
    for (const event of options.events) {
      if (!state.can(event)) continue;
      const next = getNextSnapshot(machine, state, event as never);
      extended.push({ state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 });
    }
  }
  return [...shortest, ...extended];
}

export function describePath(path: AnyPath): string {
  const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : '(start)'}`;
}

type Node = { id: string; parent?: Node; transitions: Map<string, { target?: { id: string }[] }[]>; always?: unknown[] };

/** State ids reached by the paths, and "source → event#n" transitions taken, out of all of them. */
export function coverageOf(machine: AnyStateMachine, paths: AnyPath[]): Coverage {
  const nodes = getStateNodes(machine.root) as unknown as Node[];
  const allStates = nodes.map((node) => node.id);
  const allTransitions = new Set<string>();
  for (const node of nodes) {
    for (const [eventType, transitions] of node.transitions) {
      transitions.forEach((_t, i) => allTransitions.add(`${node.id} → ${eventType}#${i}`));
    }
  }
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  for (const path of paths) {
    let previous: AnyPath['state'] | undefined;
    for (const step of path.steps) {
      const active = (step.state._nodes as Node[]).map((node) => node.id);
      active.forEach((id) => seenStates.add(id));
      if (previous) {
        for (const key of firedTransitions(machine, previous, step.event)) seenTransitions.add(key);
      }
      previous = step.state;
    }
  }
  const missingStates = allStates.filter((id) => !seenStates.has(id));
  const missingTransitions = [...allTransitions].filter((id) => !seenTransitions.has(id));
  return {
    states: { covered: allStates.length - missingStates.length, total: allStates.length, missing: missingStates },
    transitions: {
      covered: allTransitions.size - missingTransitions.length,
      total: allTransitions.size,
      missing: missingTransitions,
    },
  };
}

/**
 * The path records the event, not which guarded candidate fired: the machine says which it selects
 * from the state before (guards evaluated), one for each parallel region. Telling them apart by the
 * states active after could not separate a guarded self-transition from one that only assigns.
 */
function firedTransitions(machine: AnyStateMachine, from: AnyPath['state'], event: AnyEvent): string[] {
  return (machine.getTransitionData(from as never, event as never) as unknown as Array<{ source: Node; eventType: string }>).map((transition) => {
    const index = (transition.source.transitions.get(transition.eventType) ?? []).indexOf(transition as never);
    return `${transition.source.id} → ${transition.eventType}#${index}`;
  });
}

/**
 * A few of `candidates` that together reach every state and take every transition the whole set
 * does (greedy set cover: the one that adds most first, the shorter path on a tie): what a browser,
 * at seconds a path, walks instead of all of them.
 */
export function coveringSubset<T extends { path: AnyPath }>(machine: AnyStateMachine, candidates: readonly T[]): T[] {
  const everything = coverageOf(machine, []);
  const allIds = [...everything.states.missing, ...everything.transitions.missing];
  const scored = candidates.map((candidate) => {
    const { states, transitions } = coverageOf(machine, [candidate.path]);
    const missing = new Set([...states.missing, ...transitions.missing]);
    return { candidate, takes: allIds.filter((id) => !missing.has(id)) };
  });
  const seen = new Set<string>();
  const chosen: T[] = [];
  const gain = (c: (typeof scored)[number]) => c.takes.filter((id) => !seen.has(id)).length;
  for (;;) {
    const best = scored
      .filter((c) => gain(c) > 0)
      .sort((a, b) => gain(b) - gain(a) || a.candidate.path.steps.length - b.candidate.path.steps.length)[0];
    if (!best) return chosen;
    best.takes.forEach((id) => seen.add(id));
    chosen.push(best.candidate);
  }
}

export function formatCoverage(name: string, coverage: Coverage): string {
  return `${name}: ${coverage.states.covered}/${coverage.states.total} states, ${coverage.transitions.covered}/${coverage.transitions.total} transitions covered`;
}

/**
 * The states and transitions of `machine` that the browser's paths leave out, with the coverage
 * printed (`name (browser): …`): a path spec asserts both lists are empty, so a transition the
 * chosen paths lost fails there instead of dropping out unseen.
 */
export function missedByBrowserPaths(name: string, machine: AnyStateMachine, paths: readonly { path: AnyPath }[]): { states: string[]; transitions: string[] } {
  const coverage = coverageOf(machine, paths.map(({ path }) => path));
  console.log(`${formatCoverage(`${name} (browser)`, coverage)} by ${paths.length} paths`);
  return { states: coverage.states.missing, transitions: coverage.transitions.missing };
}
