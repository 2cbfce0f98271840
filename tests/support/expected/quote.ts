import assert from 'node:assert/strict';
import { quote, quoteModel, quoteOptions } from '../quote-models';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * The live quote, written from issue 14 §1 and decision 014, not from the machine: the options load
 * (or the failure shows with Try again); nothing is priced until an item is ticked; every change asks
 * the server for the price of the choices shown, unless they ask for the price already shown (a
 * postcode half typed is not priced); a failure offers Try again; Continue needs the price and a whole
 * UK postcode.
 */
const [toggleBedroom, twoBedrooms, noItems, oneBedroom, toggleDrains, twoDrains, weekly, postcode, proceed, retry, loaded, notLoaded, priced, notPriced] =
  quoteModel.events;
export const quoteEvents = {
  toggleBedroom: toggleBedroom!, twoBedrooms: twoBedrooms!, noItems: noItems!, oneBedroom: oneBedroom!, toggleDrains: toggleDrains!,
  twoDrains: twoDrains!, weekly: weekly!, postcode: postcode!, proceed: proceed!, retry: retry!, loaded: loaded!, notLoaded: notLoaded!,
  priced: priced!, notPriced: notPriced!,
};

type Choice = { id: number; quantity: number };
const toggled = (list: Choice[], id: number) => (list.some((c) => c.id === id) ? list.filter((c) => c.id !== id) : [...list, { id, quantity: 1 }]);
const twoOf = (list: Choice[], id: number) => list.map((c) => (c.id === id ? { id, quantity: 2 } : c));
const WHOLE_POSTCODE = 'WC2N 5DU';

/** The choices once a model event has changed them, worked out here by hand. */
function choicesAfter(c: any, name: string) {
  const { items, extras, frequency, postcode: typed } = c.choices;
  switch (name) {
    case 'toggleBedroom': return { items: toggled(items, 3), extras, frequency, postcode: typed };
    case 'twoBedrooms': return { items: twoOf(items, 3), extras, frequency, postcode: typed };
    case 'noItems': return { items: [], extras, frequency, postcode: typed };
    case 'oneBedroom': return { items: [{ id: 3, quantity: 1 }], extras, frequency, postcode: typed };
    case 'toggleDrains': return { items, extras: toggled(extras, 1), frequency, postcode: typed };
    case 'twoDrains': return { items, extras: twoOf(extras, 1), frequency, postcode: typed };
    case 'weekly': return { items, extras, frequency: 'weekly', postcode: typed };
    default: return { items, extras, frequency, postcode: WHOLE_POSTCODE };
  }
}

/** Nothing ticked: no price; the price already shown still holds; or a new price is asked. */
const change = (name: string) => (c: any) => {
  const next = choicesAfter(c, name);
  if (next.items.length === 0) return 'choosing.empty';
  const shown = c.quotedRequest ? JSON.parse(c.quotedRequest) : null;
  const same =
    shown !== null &&
    JSON.stringify(shown.items) === JSON.stringify(next.items) &&
    shown.frequency === next.frequency &&
    JSON.stringify(shown.extras ?? []) === JSON.stringify(next.extras) &&
    (shown.postcode ?? '') === (next.postcode === WHOLE_POSTCODE ? WHOLE_POSTCODE : '');
  return same ? 'choosing.quoted' : 'choosing.quoting';
};
const changes = Object.fromEntries(['toggleBedroom', 'twoBedrooms', 'noItems', 'oneBedroom', 'toggleDrains', 'twoDrains', 'weekly', 'postcode'].map((name) => [name, change(name)]));
const offered = (c: any) => has(c, { serviceId: 1, options: quoteOptions });

export const expectedQuote: ExpectedMachine = {
  name: 'quote',
  machine: quoteModel.machine,
  input: quoteModel.inputs[0],
  events: quoteEvents,
  initial: { '': 'loadingOptions' },
  regions: {
    '': {
      loadingOptions: { on: { loaded: 'choosing.empty', notLoaded: 'loadFailed' }, context: (c) => has(c, { options: null, error: null }) },
      loadFailed: { on: { retry: 'loadingOptions' }, context: (c) => has(c, { error: 'Network Error' }) },
      'choosing.empty': { on: changes, context: (c) => (offered(c), assert.deepStrictEqual(c.choices.items, [])) },
      'choosing.quoting': { on: { ...changes, priced: 'choosing.quoted', notPriced: 'choosing.failed' }, context: offered },
      'choosing.quoted': {
        on: { ...changes, proceed: (c) => (c.choices.postcode === WHOLE_POSTCODE ? 'continued' : 'choosing.quoted') },
        context: (c) => (offered(c), has(c, { quote })),
      },
      'choosing.failed': { on: { ...changes, retry: 'choosing.quoting' }, context: (c) => (offered(c), has(c, { error: 'Too many attempts, please try again in a few minutes' })) },
      continued: { context: (c) => has(c, { quote }) },
    },
  },
};
