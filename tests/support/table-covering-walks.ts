import { getShortestPaths } from 'xstate/graph';
import { expectedSteps, type ExpectedMachine, type ModelEvent, type Step } from './expected-walks';
import type { AnyPath } from './replay-paths';

/**
 * A few of a machine's paths that together reach every state and take every transition of its written table, for a
 * browser to walk (seconds per path). `coveringPaths` counts the machine's transitions, and a
 * machine whose events are handled on a parent state (the quote's changes, on `choosing`) counts one
 * where the table lists one per child state; this counts the table's: a state and an event name.
 * The candidates are the machine's shortest paths to every state it reaches by the page's `events`,
 * each extended by every one of them, accepted or not (as the unit walks do: a guard that refuses is
 * a transition of the table too), an actor's answer only where the actor can be running; at most
 * `maxEvents` long, and only those `keep` accepts (what the page can do). `covered` (states and
 * transitions another page's walks take already) is filled in with what these take.
 */
export function tableCoveringWalks(
  spec: ExpectedMachine,
  options: { events: readonly ModelEvent[]; maxEvents: number; keep?: (steps: Step[]) => boolean; covered?: Set<string> },
): Step[][] {
  const { events, maxEvents, keep = () => true, covered: seen = new Set<string>() } = options;
  const shortest = getShortestPaths(spec.machine, { events, input: spec.input } as never) as AnyPath[];
  const candidates = shortest
    .flatMap((path) => {
      const prefix = path.steps.map((step) => step.event as ModelEvent).filter((event) => event.type !== 'xstate.init');
      const extensions = events.filter((event) => !event.type.startsWith('xstate.') || path.state.can(event as never));
      return [prefix, ...extensions.map((event) => [...prefix, event])];
    })
    .filter((walk) => walk.length > 0 && walk.length <= maxEvents)
    .map((walk) => expectedSteps(spec, walk))
    .filter((steps) => keep(steps))
    .map((steps) => ({ steps, takes: taken(spec, steps) }));
  const chosen: Step[][] = [];
  for (;;) {
    const gain = (candidate: (typeof candidates)[number]) => candidate.takes.filter((id) => !seen.has(id)).length;
    const best = candidates.filter((c) => gain(c) > 0).sort((a, b) => gain(b) - gain(a) || a.steps.length - b.steps.length)[0];
    if (!best) return chosen;
    best.takes.forEach((id) => seen.add(id));
    chosen.push(best.steps);
  }
}

/** Every state the table expects the walk in, and "state + event name" for every step whose event the table lists in the state it meets. */
function taken(spec: ExpectedMachine, steps: Step[]): string[] {
  return steps.flatMap((step) => [
    ...Object.entries(step.expected).map(([region, statePath]) => `${region}:${statePath}`),
    ...Object.entries(step.from)
      .filter(([region, statePath]) => spec.regions[region]?.[statePath]?.on?.[step.eventName] !== undefined)
      .map(([region, statePath]) => `${region}:${statePath} + ${step.eventName}`),
  ]);
}
