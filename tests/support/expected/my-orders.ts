import { has, type ExpectedMachine } from '../expected-walks';
import { heldFor, myOrdersModel, ORDER, type inputOf } from '../my-orders-model';

/**
 * My orders (decision 097), written from what the page does, not from the machine: the mailed
 * links and a kept reason are followed once, when the lists are there (a held time is asked of the
 * server first); Pay now opens the payment page only at an address the site trusts, stays pending
 * while the browser leaves, and says why when it does not; Remove saved card and Leave are one
 * press, one answer. The dialogs themselves are the child machines' (their own tables).
 */
type Input = ReturnType<typeof inputOf>;
const idle = { payment: 'idle', savedCard: 'idle', waitlist: 'idle' };
const callsIdle = {
  payment: { idle: {} },
  savedCard: { idle: { context: (c: any) => has(c, { removingCardId: null }) } },
  waitlist: { idle: { context: (c: any) => has(c, { leavingId: null }) } },
};

/** The links of the mails and the kept reason, for one input (the page's calls stay idle). */
export function expectedLinks(name: string, input: Input): ExpectedMachine {
  const links = input.links;
  // A held time is asked of the server first; a move opens only for one of my orders.
  const afterLists = links.held ? 'loadingHeld' : links.move === '7.signed' ? 'opened' : links.move ? 'refused' : 'none';
  return {
    name,
    machine: myOrdersModel.machine,
    input,
    events: myOrdersModel.linkEvents,
    initial: { draft: 'waitingForLists', links: 'waitingForLists', ...idle },
    regions: {
      draft: {
        waitingForLists: { on: { listsLoaded: input.draft?.orderId === 7 ? 'restored' : 'none' } },
        ...(input.draft ? { restored: {} } : { none: {} }),
      },
      links: {
        waitingForLists: { on: { listsLoaded: afterLists }, context: (c) => has(c, { orders: [], held: null }) },
        ...(links.held
          ? { loadingHeld: { on: { heldHere: 'opened', heldElsewhere: 'refused', heldGone: 'refused' }, context: (c) => has(c, { orders: [ORDER] }) } }
          : {}),
        // A held time is kept to show in the dialog.
        ...(links.held || links.move === '7.signed' ? { opened: { context: (c: any) => has(c, { orders: [ORDER], held: links.held ? heldFor(7) : null }) } } : {}),
        ...(links.held || (links.move && links.move !== '7.signed') ? { refused: { context: (c: any) => has(c, { orders: [ORDER], held: null }) } } : {}),
        ...(!links.held && !links.move ? { none: { context: (c: any) => has(c, { orders: [ORDER], held: null }) } } : {}),
      },
      ...callsIdle,
    },
  };
}

/** The page's one-press calls, with no link to follow. */
export function expectedCalls(name: string, input: Input): ExpectedMachine {
  return {
    name,
    machine: myOrdersModel.machine,
    input,
    events: myOrdersModel.callEvents,
    initial: { draft: 'waitingForLists', links: 'waitingForLists', ...idle },
    regions: {
      draft: { waitingForLists: {} },
      links: { waitingForLists: {} },
      payment: {
        idle: { on: { pay: 'opening' }, context: (c) => has(c, { payError: null }) },
        opening: { on: { payPage: 'leaving', payPageUntrusted: 'failed', payFailed: 'failed' }, context: (c) => has(c, { payingOrderId: 7, payError: null }) },
        leaving: { on: { payReset: 'idle' }, context: (c) => has(c, { payingOrderId: 7, payError: null }) },
        failed: {
          on: { pay: 'opening', payReset: 'idle' },
          context: (c) => {
            has(c, { payingOrderId: 7 });
            if (!['Network Error', 'The payment page address is not one we trust, so we did not open it.'].includes(c.payError)) throw new Error(`payError is ${c.payError}`);
          },
        },
      },
      savedCard: {
        idle: { on: { removeCard: 'removing' }, context: (c) => has(c, { removingCardId: null }) },
        removing: { on: { cardRemoved: 'idle', cardNotRemoved: 'idle' }, context: (c) => has(c, { removingCardId: 3 }) },
      },
      waitlist: {
        idle: { on: { leave: 'leaving' }, context: (c) => has(c, { leavingId: null }) },
        leaving: { on: { left: 'idle', notLeft: 'idle' }, context: (c) => has(c, { leavingId: 5 }) },
      },
    },
  };
}
