import assert from 'node:assert/strict';
import { createActor, type AnyStateMachine, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AnyPath } from './replay-paths';

/**
 * Model-based tests whose expectations do not come from the machine. A machine's paths (xstate's
 * shortest path to every reachable state, each extended by every event of the model, accepted or
 * not) only say where the machine can go; at every step the state it lands in is compared with a
 * table written by hand from docs/requirements.md (`ExpectedMachine`): for each state, which event
 * leads where (an event the table does not list must leave that state as it is), and what the
 * context must hold there. So a broken transition, a guard that lets too much or too little
 * through, or an action that forgets to set or clear a field, fails here.
 * The same tables give the browser replays (tests/e2e/*-paths.spec.ts) the state to expect, and
 * the state's `meta` (on the machine) says what the screen shows in it.
 */
export type ModelEvent = { type: string; [key: string]: unknown };
type Context = any;
/** A target: a state path (`'loggedOut.idle'`), or one chosen from the context the event met. */
export type Target = string | ((context: Context, event: ModelEvent) => string);

export interface ExpectedState {
  /** Model event name → where it leads. Events not listed leave the state as it is. */
  on?: Record<string, Target>;
  /** What the context must hold in this state, written from the requirements. */
  context?: (context: Context) => void;
}

export interface ExpectedMachine {
  name: string;
  /** The machine with actors that never settle: the walks deliver done and error events themselves. */
  machine: AnyStateMachine;
  input?: unknown;
  /** The model's events by name (two variants of one type get two names). */
  events: Record<string, ModelEvent>;
  /** Per parallel region (one region named '' for a machine that is not parallel): state path → expectations. */
  regions: Record<string, Record<string, ExpectedState>>;
  /** The state path of every region at the start. */
  initial: Record<string, string>;
}

/** `{ auth: { loggedOut: 'idle' }, registration: 'idle' }` → `{ auth: 'loggedOut.idle', registration: 'idle' }`. */
export function regionPaths(value: StateValue, parallel: boolean): Record<string, string> {
  const flatten = (v: StateValue): string =>
    typeof v === 'string' ? v : Object.entries(v).map(([key, child]) => (child && Object.keys(child).length ? `${key}.${flatten(child as StateValue)}` : key))[0]!;
  if (!parallel) return { '': flatten(value) };
  return Object.fromEntries(Object.entries(value as Record<string, StateValue>).map(([region, v]) => [region, flatten(v)]));
}

export function nameOf(spec: ExpectedMachine, event: ModelEvent): string {
  const found = Object.entries(spec.events).find(([, candidate]) => candidate === event || sameEvent(candidate, event));
  if (!found) throw new Error(`${spec.name}: the model has no event like ${serialise(event)}`);
  return found[0];
}

/** Where the table says `event` leads from `current`, given the context it meets. */
export function expectedAfter(spec: ExpectedMachine, current: Record<string, string>, context: Context, event: ModelEvent): Record<string, string> {
  const name = nameOf(spec, event);
  const next: Record<string, string> = {};
  for (const [region, statePath] of Object.entries(current)) {
    const state = spec.regions[region]?.[statePath];
    if (!state) throw new Error(`${spec.name}: the table has no state ${region ? `${region}.` : ''}${statePath}`);
    const target = state.on?.[name];
    next[region] = target === undefined ? statePath : typeof target === 'function' ? target(context, event) : target;
  }
  return next;
}

export interface Walk {
  /** Events only; the states are what the table expects, never what the machine generated. */
  events: ModelEvent[];
  name: string;
}

/**
 * The shortest path to every state the machine reaches, each extended by every event of the model.
 * An actor's done or error event is added only where the actor can be running (the machine takes
 * it, or the table says it should): anywhere else it cannot happen, and xstate fails on it.
 */
export function walksOf(spec: ExpectedMachine): Walk[] {
  const events = Object.values(spec.events);
  const shortest = getShortestPaths(spec.machine, { events, input: spec.input } as never) as AnyPath[];
  const walks: Walk[] = [];
  for (const path of shortest) {
    const prefix = path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init');
    const atEnd = expectedAt(spec, prefix);
    for (const event of events) {
      if (event.type.startsWith('xstate.') && !path.state.can(event as never) && !listed(spec, atEnd, event)) continue;
      const all = [...prefix, event];
      walks.push({ events: all, name: all.map((e) => nameOf(spec, e)).join(' → ') });
    }
  }
  return walks;
}

function listed(spec: ExpectedMachine, state: Record<string, string>, event: ModelEvent): boolean {
  const name = nameOf(spec, event);
  return Object.entries(state).some(([region, path]) => spec.regions[region]?.[path]?.on?.[name] !== undefined);
}

/** The table's state after `events` (contexts taken from a live actor for the targets that read them). */
function expectedAt(spec: ExpectedMachine, events: ModelEvent[]): Record<string, string> {
  const actor = createActor(spec.machine, { input: spec.input } as never);
  actor.subscribe({ error: () => {} });
  actor.start();
  let current = spec.initial;
  try {
    for (const event of events) {
      current = expectedAfter(spec, current, actor.getSnapshot().context, event);
      actor.send(event);
    }
  } finally {
    actor.stop();
  }
  return current;
}

/**
 * The steps of a walk with the states the table expects, without asserting anything: what a
 * browser replay walks and checks on screen. (The context a guard-dependent target reads comes
 * from a live actor; whether that context is right is the unit tests' part.)
 */
export function expectedSteps(spec: ExpectedMachine, events: ModelEvent[]): Step[] {
  const actor = createActor(spec.machine, { input: spec.input } as never);
  actor.subscribe({ error: () => {} });
  actor.start();
  let current = spec.initial;
  const steps: Step[] = [];
  try {
    for (const event of events) {
      const next = expectedAfter(spec, current, actor.getSnapshot().context, event);
      steps.push({ event, eventName: nameOf(spec, event), from: current, expected: next, contextBefore: actor.getSnapshot().context });
      actor.send(event);
      current = next;
    }
  } finally {
    actor.stop();
  }
  return steps;
}

export interface Step {
  event: ModelEvent;
  eventName: string;
  /** The state before and after the event, by the table. */
  from: Record<string, string>;
  expected: Record<string, string>;
  contextBefore?: Context;
}

/**
 * Runs a walk on a live actor and throws at the first step where the machine is not where the
 * table says, or its context is not what the table's state requires. Answers the steps taken.
 */
export function checkWalk(spec: ExpectedMachine, walk: Walk): Step[] {
  const parallel = Object.keys(spec.initial).length > 1 || !('' in spec.initial);
  const actor = createActor(spec.machine, { input: spec.input } as never);
  let failure: unknown = null;
  actor.subscribe({ error: (error) => void (failure = error) });
  actor.start();
  const steps: Step[] = [];
  try {
    let expected = spec.initial;
    assertState(spec, 'the start', actor.getSnapshot(), expected, parallel);
    for (const event of walk.events) {
      const before = actor.getSnapshot();
      const next = expectedAfter(spec, expected, before.context, event);
      actor.send(event);
      if (failure) throw new Error(`${spec.name}: after ${describe(expected)} + ${nameOf(spec, event)} the machine failed: ${String(failure)}`);
      steps.push({ event, eventName: nameOf(spec, event), from: expected, expected: next });
      assertState(spec, `${describe(expected)} + ${nameOf(spec, event)}`, actor.getSnapshot(), next, parallel);
      expected = next;
    }
    return steps;
  } finally {
    actor.stop();
  }
}

function assertState(spec: ExpectedMachine, where: string, snapshot: { value: StateValue; context: Context }, expected: Record<string, string>, parallel: boolean) {
  const actual = regionPaths(snapshot.value, parallel);
  if (describe(actual) !== describe(expected)) {
    throw new Error(`${spec.name}: after ${where} the table expects ${describe(expected)}, the machine is in ${describe(actual)}`);
  }
  for (const [region, statePath] of Object.entries(expected)) {
    try {
      spec.regions[region]![statePath]!.context?.(snapshot.context);
    } catch (error) {
      throw new Error(`${spec.name}: after ${where}, in ${describe(expected)} the context is wrong: ${(error as Error).message}`, { cause: error });
    }
  }
}

export function describe(state: Record<string, string>): string {
  return Object.entries(state)
    .map(([region, path]) => (region ? `${region}:${path}` : path))
    .join(' + ');
}

/** Every state path of the table that the walks reach, and those they never reach. */
export function reachedStates(spec: ExpectedMachine, walks: Walk[]): { reached: Set<string>; unreached: string[] } {
  const reached = new Set<string>();
  for (const walk of walks) {
    let current = spec.initial;
    const actor = createActor(spec.machine, { input: spec.input } as never);
    actor.subscribe({ error: () => {} });
    actor.start();
    Object.entries(current).forEach(([r, p]) => reached.add(`${r}:${p}`));
    for (const event of walk.events) {
      current = expectedAfter(spec, current, actor.getSnapshot().context, event);
      actor.send(event);
      Object.entries(current).forEach(([r, p]) => reached.add(`${r}:${p}`));
    }
    actor.stop();
  }
  const all = Object.entries(spec.regions).flatMap(([r, states]) => Object.keys(states).map((p) => `${r}:${p}`));
  return { reached, unreached: all.filter((id) => !reached.has(id)) };
}

/**
 * The table's transitions (a state and the type of an event it lists) that no walk of `eventLists`
 * takes. For the browser paths: they come from the machine, so a transition the machine lost would
 * otherwise just drop out of them unnoticed. By event type, as the machine's transitions are.
 */
export function untakenTableTransitions(spec: ExpectedMachine, eventLists: ModelEvent[][]): string[] {
  const id = (region: string, statePath: string, eventName: string) => `${describe({ [region]: statePath })} + ${spec.events[eventName]!.type}`;
  const taken = new Set<string>();
  for (const events of eventLists) {
    for (const step of expectedSteps(spec, events)) {
      for (const [region, statePath] of Object.entries(step.from)) {
        if (spec.regions[region]?.[statePath]?.on?.[step.eventName] !== undefined) taken.add(id(region, statePath, step.eventName));
      }
    }
  }
  const all = Object.entries(spec.regions).flatMap(([region, states]) =>
    Object.entries(states).flatMap(([statePath, state]) => Object.keys(state.on ?? {}).map((eventName) => id(region, statePath, eventName))),
  );
  return [...new Set(all)].filter((transition) => !taken.has(transition));
}

/** The meta of the state (or region state) at `path`, as the machine declares it. */
export function metaOf<Meta>(machine: AnyStateMachine, region: string, statePath: string): Meta | undefined {
  const id = [machine.id, region, ...statePath.split('.')].filter(Boolean).join('.');
  return machine.getStateNodeById(id).meta as Meta | undefined;
}

function sameEvent(a: ModelEvent, b: ModelEvent) {
  return serialise(a) === serialise(b);
}

function serialise(event: ModelEvent): string {
  // A Blob (a photo) has no own fields: its size and type tell two apart.
  return JSON.stringify(event, (_key, value) =>
    value instanceof Error ? { error: value.message, ...(value as unknown as Record<string, unknown>) } : value instanceof Blob ? { blob: value.size, type: value.type } : value,
  );
}

/**
 * Throws unless every field of `fields` equals (deeply) the same field of `context`. The tables
 * use this and node:assert rather than a test runner's expect, so the browser replays can load them.
 */
export function has(context: Record<string, unknown>, fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) {
    assert.deepStrictEqual(context[key], value, `${key} is ${JSON.stringify(context[key])}, expected ${JSON.stringify(value)}`);
  }
}
