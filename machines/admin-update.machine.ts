import {
  assign,
  fromPromise,
  setup,
  type ActorRefFromLogic,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  type MetaObject,
  type NonReducibleUnknown,
  type PromiseActorLogic,
  type StateMachine,
} from 'xstate';

/**
 * One row of a back-office list whose status an administrator changes (an order, a refund
 * request): choose a status, then Update sends it with the row's `version`. Update is possible only
 * once a status different from the current one is chosen; a choice the machine marks as needing
 * confirmation (cancelling an order) asks first, and dismissing puts the stored status back.
 * Success notifies and hands the saved row to `rowSaved` (the screen updates that row in place); a
 * failure stays on the row with a retry; a 409 (refused: someone else changed the row first, or the
 * decision cannot change) puts the control back to the stored status and reloads the list, so the
 * row shows what the server holds, with the message.
 * Each machine names its id, its events (`<events>.update`, `.retry`, `.sync`, `.confirm`,
 * `.dismiss`), its actor and its reload action; the screen provides `notifyUpdated`, `rowSaved` and
 * the reload, src/api provides the actor.
 */
export interface AdminUpdateInput<Status extends string> {
  orderId: number;
  status: Status;
  version: number;
}

export interface AdminUpdateContext<Status extends string, Choice extends Status> extends AdminUpdateInput<Status> {
  chosen: Choice | null;
  error: string | null;
}

export type AdminUpdateEvent<Events extends string, Status extends string, Choice extends Status> =
  | { type: 'status.choose'; status: Choice }
  | { type: `${Events}.update` }
  | { type: `${Events}.retry` }
  | { type: `${Events}.confirm` }
  | { type: `${Events}.dismiss` }
  /** The list reloaded: the row's current status and version, as the server now has them. */
  | { type: `${Events}.sync`; status: Status; version: number };

/** A row's statuses, those an administrator may choose, what Update sends and what the server answers. */
export interface AdminUpdateTypes<Status extends string, Choice extends Status, Call, Saved extends { status: Status; version: number }> {
  status: Status;
  choice: Choice;
  call: Call;
  saved: Saved;
}

type Param<Name extends string> = { type: Name; params: unknown };

/** The machine's type, spelled out: xstate cannot infer it through names that are type parameters. */
export type AdminUpdateMachine<
  Id extends string,
  Events extends string,
  Actor extends string,
  Reload extends string,
  Status extends string,
  Choice extends Status,
  Call,
  Saved,
> = StateMachine<
  AdminUpdateContext<Status, Choice>,
  AdminUpdateEvent<Events, Status, Choice>,
  { [id: string]: ActorRefFromLogic<PromiseActorLogic<Saved, Call>> | undefined },
  { src: Actor; logic: PromiseActorLogic<Saved, Call>; id: string | undefined },
  Param<'notifyUpdated' | 'rowSaved' | 'choose' | 'forgetChoice' | 'sync'> | Param<Reload>,
  Param<'isDifferentStatus'> | Param<'isConflict'> | Param<'needsConfirmation'>,
  never,
  'idle' | 'statusChosen' | 'confirming' | 'updating' | 'updated' | 'conflicted' | 'failed',
  string,
  AdminUpdateInput<Status>,
  NonReducibleUnknown,
  EventObject,
  MetaObject,
  { id: Id; states: Record<'idle' | 'statusChosen' | 'confirming' | 'updating' | 'updated' | 'failed' | 'conflicted', Record<never, never>> },
  MetaObject
>;

export function createAdminUpdateMachine<
  const Id extends string,
  const Events extends string,
  const Actor extends string,
  const Reload extends string,
  Status extends string,
  Choice extends Status,
  Call,
  Saved extends { status: Status; version: number },
>(options: {
  types: AdminUpdateTypes<Status, Choice, Call, Saved>;
  id: Id;
  events: Events;
  actor: Actor;
  reload: Reload;
  /** What Update sends, from the row's context. */
  call: (context: AdminUpdateContext<Status, Choice>) => Call;
  /** Choices Update asks to confirm first (a `confirming` state exists only when some do). */
  confirm?: readonly Choice[];
}): AdminUpdateMachine<Id, Events, Actor, Reload, Status, Choice, Call, Saved> {
  // Inside, events are typed loosely (their names are built from `events`); the result is cast
  // to the precise type above, which the tests in tests/machines hold to the behaviour.
  type Context = AdminUpdateContext<Status, Choice>;
  type Event = { type: string; status?: Status; version?: number };
  const { id, events, actor, reload } = options;
  const isChoice = (event: Event): event is { type: 'status.choose'; status: Choice } => event.type === 'status.choose';
  // Choosing again: a status other than the current one has something to send, the current one not.
  const choose = [
    { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
    { target: 'idle', actions: 'forgetChoice' },
  ] as const;

  const machine = setup({
    types: {} as { context: Context; events: Event; input: AdminUpdateInput<Status> },
    actors: {
      [actor]: fromPromise<Saved, Call>(async () => {
        throw new Error(`provide an ${actor} actor`);
      }),
    },
    actions: {
      notifyUpdated: () => {},
      rowSaved: () => {},
      [reload]: () => {},
      choose: assign({
        chosen: ({ event }) => (isChoice(event) ? event.status : null),
        error: null,
      }),
      forgetChoice: assign({ chosen: null, error: null }),
      sync: assign(({ context, event }) => ({ status: event.status ?? context.status, version: event.version ?? context.version })),
    },
    guards: {
      isDifferentStatus: ({ context, event }) => isChoice(event) && event.status !== context.status,
      isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
      needsConfirmation: ({ context }) => context.chosen !== null && (options.confirm ?? []).includes(context.chosen),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ ...input, chosen: null, error: null }),
    initial: 'idle',
    on: { [`${events}.sync`]: { actions: 'sync' } },
    states: {
      // Nothing to send: no status chosen, or the current one.
      idle: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        meta: { shows: 'the row status in its dropdown, Update disabled' },
        on: {
          'status.choose': [
            { guard: 'isDifferentStatus', target: 'statusChosen', actions: 'choose' },
            { actions: 'forgetChoice' },
          ],
        },
      },
      statusChosen: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        meta: { shows: 'the chosen status in the dropdown, Update enabled' },
        on: {
          'status.choose': choose,
          [`${events}.update`]: options.confirm?.length ? [{ guard: 'needsConfirmation', target: 'confirming' }, { target: 'updating' }] : 'updating',
        },
      },
      ...(options.confirm?.length
        ? {
            // A dialog asks; dismissing it puts the stored status back in the control.
            confirming: {
              meta: { shows: 'a dialog asking to confirm the change; Update pending behind it' },
              on: { [`${events}.confirm`]: 'updating', [`${events}.dismiss`]: { target: 'idle', actions: 'forgetChoice' } },
            },
          }
        : {}),
      updating: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        meta: { shows: 'Update pending' },
        invoke: {
          id: actor,
          src: actor,
          input: ({ context }) => options.call(context),
          onDone: {
            target: 'updated',
            actions: [
              assign(({ event }: { event: DoneActorEvent<Saved> }) => ({ status: event.output.status, version: event.output.version, chosen: null, error: null })),
              'notifyUpdated',
              'rowSaved',
            ],
          },
          onError: [
            { guard: 'isConflict', target: 'conflicted', actions: ['forgetChoice', assign(showError), reload] },
            { target: 'failed', actions: assign(showError) },
          ],
        },
      },
      // Saved; the administrator may choose again (the server answers 409 if it may not change).
      updated: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        meta: { shows: 'a toast naming the new status; the row shows it, Update disabled' },
        on: { 'status.choose': choose },
      },
      // The error shows on the row; retry sends the same choice again.
      failed: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        meta: { shows: 'the error on the row with Retry, the choice kept' },
        on: { [`${events}.retry`]: 'updating', 'status.choose': choose },
      },
      // Refused (409): the control shows the stored status again and the list reloaded; choose again.
      conflicted: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        meta: { shows: "the server's conflict message on the row, the stored status back in the control" },
        on: { 'status.choose': choose },
      },
    },
  });
  return machine as unknown as AdminUpdateMachine<Id, Events, Actor, Reload, Status, Choice, Call, Saved>;
}

function showError({ event }: { event: ErrorActorEvent }) {
  return { error: event.error instanceof Error ? event.error.message : 'Network Error' };
}

function statusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
}
