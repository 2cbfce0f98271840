import { fromPromise } from 'xstate';
import type { AddressPriceCall } from '../../machines/address-price.machine';
import type { AddressPrice } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /services/order/{id}/address-price: whether the postcode's area is served, and the order's price there. */
export function getAddressPrice({ order, postcode }: AddressPriceCall, signal?: AbortSignal): Promise<AddressPrice> {
  return unwrap(api.GET('/services/order/{id}/address-price', { params: { path: { id: order }, query: { postcode } }, ...(signal ? { signal } : {}) }));
}

/** The `getAddressPrice` actor of the address-price machine; a newer postcode stops it (and aborts its request). */
export const getAddressPriceActor = fromPromise<AddressPrice, AddressPriceCall>(({ input, signal }) => getAddressPrice(input, signal));
