import { assign, fromPromise, setup } from 'xstate';
import { isUkPostcode } from '../domain/site/postcodes';
import type { Quote, QuoteOptions, QuoteRequest } from '../openapi/schema';

/**
 * The live quote (issue 14 §1) on /service/:id (anyone) and /properties/:id (with the cart): load
 * what can be chosen, then every change of items, frequency, extras or postcode asks the server for
 * the price (the server alone prices: docs/decisions/014). A change while a price is on its way
 * restarts the request, so the quote shown is always the one of the choices shown. Continue leaves
 * with the quote (named action `continueWithQuote`, provided by the screen).
 */
export type Choice = { id: number; quantity: number };

export interface QuoteChoices {
  items: Choice[];
  frequency: string;
  extras: Choice[];
  /** As typed; only a whole UK postcode is priced. */
  postcode: string;
}

export const EMPTY_CHOICES: QuoteChoices = { items: [], frequency: 'one_off', extras: [], postcode: '' };

/** A full UK postcode, by the contract's pattern (domain/site/postcodes.ts). */
export const isPostcode = isUkPostcode;

const clamp = (quantity: number) => (Number.isFinite(quantity) ? Math.min(100, Math.max(1, Math.round(quantity))) : 1);

function toggle(list: Choice[], id: number): Choice[] {
  return list.some((choice) => choice.id === id) ? list.filter((choice) => choice.id !== id) : [...list, { id, quantity: 1 }];
}

function setQuantity(list: Choice[], id: number, quantity: number): Choice[] {
  return list.map((choice) => (choice.id === id ? { ...choice, quantity: clamp(quantity) } : choice));
}

/** The request the choices make (null: nothing to price yet). */
export function quoteRequestOf(serviceId: number, choices: QuoteChoices): QuoteRequest | null {
  if (choices.items.length === 0) return null;
  const postcode = choices.postcode.trim();
  return {
    service: serviceId,
    items: choices.items,
    frequency: choices.frequency,
    ...(choices.extras.length > 0 ? { extras: choices.extras } : {}),
    ...(isPostcode(postcode) ? { postcode } : {}),
  };
}

export interface QuoteInput {
  serviceId: number;
  /** Choices to start from (a quote carried through sign-in, a kept draft). */
  choices?: QuoteChoices;
  /**
   * The options already at hand (built into the prerendered page): the choices show at once, so the
   * items are in the first HTML and the hydrated page is the same one (issue 25 row 8).
   */
  options?: QuoteOptions | null;
}

export interface QuoteContext {
  serviceId: number;
  options: QuoteOptions | null;
  choices: QuoteChoices;
  quote: Quote | null;
  /** The request `quote` answers, to tell a current quote from a stale one. */
  quotedRequest: string | null;
  error: string | null;
}

export type QuoteEvent =
  | { type: 'items.toggle'; itemId: number }
  | { type: 'items.setQuantity'; itemId: number; quantity: number }
  | { type: 'items.set'; items: Choice[] }
  | { type: 'frequency.choose'; frequency: string }
  | { type: 'extras.toggle'; extraId: number }
  | { type: 'extras.setQuantity'; extraId: number; quantity: number }
  | { type: 'postcode.change'; postcode: string }
  | { type: 'quote.continue' }
  | { type: 'retry' }
  /** Fresher options than those the page started with (prices edited since the build). */
  | { type: 'options.update'; options: QuoteOptions };

/** The choices once `event` has changed them (any other event leaves them as they are). */
export function choicesAfter(choices: QuoteChoices, event: QuoteEvent): QuoteChoices {
  switch (event.type) {
    case 'items.toggle': return { ...choices, items: toggle(choices.items, event.itemId) };
    case 'items.setQuantity': return { ...choices, items: setQuantity(choices.items, event.itemId, event.quantity) };
    case 'items.set': return { ...choices, items: event.items.map(({ id, quantity }) => ({ id, quantity: clamp(quantity) })) };
    case 'frequency.choose': return { ...choices, frequency: event.frequency };
    case 'extras.toggle': return { ...choices, extras: toggle(choices.extras, event.extraId) };
    case 'extras.setQuantity': return { ...choices, extras: setQuantity(choices.extras, event.extraId, event.quantity) };
    case 'postcode.change': return { ...choices, postcode: event.postcode };
    default: return choices;
  }
}

// Every change: nothing left to price, the price shown still holds (a half-typed postcode), or a
// new price is asked (re-entering `quoting` stops a request on its way for older choices).
const onChange = [
  { guard: 'leavesNoItems', target: '.empty', actions: ['change', 'keepChoices'] },
  { guard: 'keepsQuote', target: '.quoted', actions: ['change', 'keepChoices'] },
  { target: '.quoting', reenter: true, actions: ['change', 'keepChoices'] },
] as const;

export const quoteMachine = setup({
  types: {} as { context: QuoteContext; events: QuoteEvent; input: QuoteInput; meta: { shows: string } },
  actors: {
    loadOptions: fromPromise<QuoteOptions, { serviceId: number }>(async () => {
      throw new Error('provide a loadOptions actor');
    }),
    createQuote: fromPromise<Quote, QuoteRequest>(async () => {
      throw new Error('provide a createQuote actor');
    }),
  },
  actions: {
    change: assign({ choices: ({ context, event }) => choicesAfter(context.choices, event) }),
    // Choices the options no longer offer (a kept draft, an old quote) are dropped.
    keepOffered: assign({
      choices: ({ context: { choices, options } }) => {
        if (!options) return choices;
        const frequency = options.frequencies.some((f) => f.code === choices.frequency) ? choices.frequency : EMPTY_CHOICES.frequency;
        return {
          ...choices,
          frequency,
          items: choices.items.filter(({ id }) => options.items.some((item) => item.id === id)),
          extras: choices.extras.filter(({ id }) => options.extras.some((extra) => extra.id === id)),
        };
      },
    }),
    keepError: assign({ error: (_, params: { error: unknown }) => (params.error instanceof Error ? params.error.message : 'Network Error') }),
    // Provided by the screen: keep the choices as a draft; go on with the quote.
    keepChoices: () => {},
    continueWithQuote: () => {},
  },
  guards: {
    // Guards run before the change is assigned: they judge the choices as the change leaves them.
    leavesNoItems: ({ context, event }) => choicesAfter(context.choices, event).items.length === 0,
    keepsQuote: ({ context, event }) => context.quotedRequest === JSON.stringify(quoteRequestOf(context.serviceId, choicesAfter(context.choices, event))),
    hasPostcode: ({ context }) => isPostcode(context.choices.postcode),
    hasOptions: ({ context }) => context.options !== null,
  },
}).createMachine({
  id: 'quote',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    options: input.options ?? null,
    choices: input.choices ?? EMPTY_CHOICES,
    quote: null,
    quotedRequest: null,
    error: null,
  }),
  initial: 'loadingOptions',
  // A price already shown stays until the next change asks again (the server prices every quote anyway).
  on: { 'options.update': { actions: [assign({ options: ({ event }) => event.options }), 'keepOffered'] } },
  states: {
    loadingOptions: {
      meta: { shows: 'the quote panel loading' },
      // Options given with the input: nothing to load.
      always: { guard: 'hasOptions', target: 'choosing', actions: 'keepOffered' },
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: { target: 'choosing', actions: [assign({ options: ({ event }) => event.output }), 'keepOffered'] },
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: { shows: 'the error with Try again' },
      on: { retry: { target: 'loadingOptions', actions: assign({ error: null }) } },
    },
    choosing: {
      // Kept choices are priced once the screen sends the cart (`items.set`); none yet: nothing to price.
      initial: 'empty',
      on: {
        'items.toggle': onChange,
        'items.setQuantity': onChange,
        'items.set': onChange,
        'frequency.choose': onChange,
        'extras.toggle': onChange,
        'extras.setQuantity': onChange,
        'postcode.change': onChange,
      },
      states: {
        // Nothing chosen yet: no price to ask for.
        empty: { meta: { shows: 'the choices, no price: nothing is ticked yet' } },
        quoting: {
          meta: { shows: 'the choices, the price being worked out' },
          invoke: {
            id: 'createQuote',
            src: 'createQuote',
            input: ({ context }) => quoteRequestOf(context.serviceId, context.choices)!,
            onDone: {
              target: 'quoted',
              actions: assign({
                quote: ({ event }) => event.output,
                quotedRequest: ({ context }) => JSON.stringify(quoteRequestOf(context.serviceId, context.choices)),
                error: null,
              }),
            },
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // The price of the choices shown; Continue once the address's postcode is given too.
        quoted: {
          meta: { shows: 'the choices with their price lines, VAT and total; Continue once a postcode is given' },
          on: { 'quote.continue': { guard: 'hasPostcode', target: '#quote.continued' } },
        },
        failed: {
          meta: { shows: 'the choices, the error and Try again' },
          on: { retry: { target: 'quoting', actions: assign({ error: null }) } },
        },
      },
    },
    continued: { type: 'final', entry: 'continueWithQuote', meta: { shows: 'the next page, with the quote' } },
  },
});
