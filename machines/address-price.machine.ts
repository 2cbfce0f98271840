import { assign, fromPromise, setup } from 'xstate';
import { isUkPostcode, samePostcode } from '../domain/site/postcodes';
import type { AddressPrice } from '../openapi/schema';

/**
 * The place-order form's answer to its postcode (issue 36 row 4, decision 086): as soon as a whole
 * UK postcode is typed, the server is asked whether its area is served and what the order costs
 * there (`getAddressPrice`: the checkout's own rule, Congestion Charge included). Any edit of the
 * postcode drops the answer at once, and a new postcode re-enters `asking`, which stops the request
 * on its way for the old one: an answer is only ever the typed postcode's. A failed question is
 * quiet: the checkout prices the address again anyway (decision 037).
 */
export interface AddressPriceCall {
  order: number;
  postcode: string;
}

export interface AddressPriceInput {
  /** The draft order being placed; null: nothing to price. */
  order: number | null;
  /** The postcode already in the form (a kept draft, the quote's). */
  postcode?: string;
}

export interface AddressPriceContext {
  order: number | null;
  /** As typed. */
  postcode: string;
  /** The server's answer for `postcode`; null while there is none for it. */
  answer: AddressPrice | null;
}

export type AddressPriceEvent = { type: 'postcode.change'; postcode: string };

export const addressPriceMachine = setup({
  types: {} as { context: AddressPriceContext; events: AddressPriceEvent; input: AddressPriceInput; meta: { shows: string } },
  actors: {
    getAddressPrice: fromPromise<AddressPrice, AddressPriceCall>(async () => {
      throw new Error('provide a getAddressPrice actor');
    }),
  },
  actions: {
    keepPostcode: assign({ postcode: (_, params: { postcode: string }) => params.postcode, answer: null }),
  },
  guards: {
    canAsk: ({ context }) => context.order !== null && isUkPostcode(context.postcode),
    isUnchanged: ({ context, event }) => event.postcode === context.postcode,
    isAskable: ({ context, event }) => context.order !== null && isUkPostcode(event.postcode),
    // Belt and braces: an answer names its postcode, and only the typed one's is kept.
    answersTyped: ({ context }, params: { answer: AddressPrice }) => samePostcode(params.answer.postcode, context.postcode),
  },
}).createMachine({
  id: 'addressPrice',
  context: ({ input }) => ({ order: input.order, postcode: input.postcode ?? '', answer: null }),
  initial: 'waiting',
  on: {
    'postcode.change': [
      // The same text again (the screen sends the form's postcode whenever it renders anew).
      { guard: 'isUnchanged' },
      { guard: 'isAskable', target: '.asking', reenter: true, actions: { type: 'keepPostcode', params: ({ event }) => ({ postcode: event.postcode }) } },
      { target: '.waiting', actions: { type: 'keepPostcode', params: ({ event }) => ({ postcode: event.postcode }) } },
    ],
  },
  states: {
    waiting: {
      meta: { shows: 'no answer: a whole postcode is not typed yet' },
      always: { guard: 'canAsk', target: 'asking' },
    },
    asking: {
      meta: { shows: 'Checking the postcode… (polite)' },
      invoke: {
        id: 'getAddressPrice',
        src: 'getAddressPrice',
        input: ({ context }) => ({ order: context.order ?? 0, postcode: context.postcode.trim() }),
        onDone: [
          {
            guard: { type: 'answersTyped', params: ({ event }) => ({ answer: event.output }) },
            target: 'answered',
            actions: assign({ answer: ({ event }) => event.output }),
          },
          { target: 'unanswered' },
        ],
        onError: { target: 'unanswered' },
      },
    },
    answered: { meta: { shows: '"We don\'t cover M1 yet" by the postcode, or the price for the address with its lines (polite)' } },
    // No answer (offline, a server error): nothing shows; Pay's checkout prices the address anyway.
    unanswered: { meta: { shows: 'no answer: the checkout prices the address' } },
  },
});
