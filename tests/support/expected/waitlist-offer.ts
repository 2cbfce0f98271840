import { HELD_OFFER, OFFER_TOKEN, waitlistOfferModel } from '../waitlist-offer-model';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * A waiting list's offer (decision 056), written from the requirements, not from the machine: the
 * link loads the held time and price, or says why it cannot be used; Book this time needs the
 * address, city, a postcode and a phone; cash or card may be chosen (card is asked of the server and
 * goes on to the payment page, decision 067); booking cannot be closed while pending; a network
 * failure offers Try again, a refusal does not; changing a detail or the payment after a failure
 * goes back to the form; closing forgets everything.
 */
const [open, loaded, gone, typeAddress, typeCity, typePostcode, typePhone, payByCard, book, booked, notBooked, refused, retry, close] = waitlistOfferModel.events;
export const waitlistOfferEvents = {
  open: open!, loaded: loaded!, gone: gone!, typeAddress: typeAddress!, typeCity: typeCity!, typePostcode: typePostcode!, typePhone: typePhone!, payByCard: payByCard!,
  book: book!, booked: booked!, notBooked: notBooked!, refused: refused!, retry: retry!, close: close!,
};

const forgotten = (c: any) => has(c, { token: null, offer: null, error: null, details: { address: '', city: '', code_postal: '', phone: '', client_note: '', payment: 'cash' } });
const complete = (c: any) => c.details.address !== '' && c.details.city !== '' && c.details.code_postal !== '' && c.details.phone !== '';
const typing = { typeAddress: 'offered', typeCity: 'offered', typePostcode: 'offered', typePhone: 'offered', payByCard: 'offered' };
const typed = (c: any) => has(c.details, { address: '221B Baker Street', city: 'London', code_postal: 'NW1 6XE', phone: '020 7946 0000', client_note: '' });

export const expectedWaitlistOffer: ExpectedMachine = {
  name: 'waitlistOffer',
  machine: waitlistOfferModel.machine,
  events: waitlistOfferEvents,
  initial: { '': 'closed' },
  regions: {
    '': {
      closed: { on: { open: 'loadingOffer' }, context: forgotten },
      loadingOffer: { on: { loaded: 'offered', gone: 'unavailable' }, context: (c) => has(c, { token: OFFER_TOKEN, offer: null }) },
      unavailable: { on: { close: 'closed' }, context: (c) => has(c, { offer: null, error: 'This offer has expired' }) },
      offered: { on: { ...typing, book: (c) => (complete(c) ? 'booking' : 'offered'), close: 'closed' }, context: (c) => has(c, { token: OFFER_TOKEN, offer: HELD_OFFER, error: null }) },
      booking: {
        on: { booked: (c) => (c.details.payment === 'card' ? 'payingByCard' : 'booked'), notBooked: 'failed', refused: 'failed' },
        context: (c) => (has(c, { offer: HELD_OFFER }), typed(c)),
      },
      failed: {
        on: { ...typing, retry: (c) => (c.canRetry ? 'booking' : 'failed'), close: 'closed' },
        context: (c) => (has(c, { offer: HELD_OFFER }), typed(c)),
      },
      booked: { on: { close: 'closed' }, context: (c) => has(c, { offer: HELD_OFFER, token: OFFER_TOKEN }) },
      payingByCard: { context: (c) => (has(c, { offer: HELD_OFFER, token: OFFER_TOKEN }), typed(c), has(c.details, { payment: 'card' })) },
    },
  },
};
