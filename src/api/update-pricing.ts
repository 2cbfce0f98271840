import type { HoursChange, TravelSetting } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/**
 * The back office's changes to prices and hours (issue 15, decision 023), one call each; the server
 * audits every one. A 400 carries the message to show beside the field.
 */
export const updateItemPrice = ({ id, price }: { id: number; price: number }) =>
  unwrap(api.PUT('/admin/pricing/items/{id}', { params: { path: { id } }, body: { price } }));

export const updateExtraPrice = ({ id, price }: { id: number; price: number }) =>
  unwrap(api.PUT('/admin/pricing/extras/{id}', { params: { path: { id } }, body: { price } }));

export const updateFrequencyDiscount = ({ code, discountPercent }: { code: string; discountPercent: number }) =>
  unwrap(api.PUT('/admin/pricing/frequencies/{code}', { params: { path: { code } }, body: { discountPercent } }));

export const updateCongestionCharge = ({ price }: { price: number }) =>
  unwrap(api.PUT('/admin/pricing/congestion-charge', { body: { price } }));

export const addCongestionDistrict = (district: string) =>
  unwrap(api.PUT('/admin/pricing/congestion-districts/{district}', { params: { path: { district } } }));

export const removeCongestionDistrict = (district: string) =>
  unwrap(api.DELETE('/admin/pricing/congestion-districts/{district}', { params: { path: { district } } }));

export const updateOpeningHours = ({ weekday, ...hours }: HoursChange & { weekday: number }) =>
  unwrap(api.PUT('/admin/pricing/opening-hours/{weekday}', { params: { path: { weekday } }, body: hours }));

/** Job lengths and the travel gap (issue 26 §3, decision 041): what availability and checkout count. */
export const updateItemMinutes = ({ id, minutes }: { id: number; minutes: number }) =>
  unwrap(api.PUT('/admin/pricing/items/{id}/minutes', { params: { path: { id } }, body: { minutes } }));

export const updateServiceMinutes = ({ id, minutes }: { id: number; minutes: number }) =>
  unwrap(api.PUT('/admin/pricing/services/{id}/minutes', { params: { path: { id } }, body: { minutes } }));

export const updateTravelMinutes = (travel: TravelSetting) => unwrap(api.PUT('/admin/pricing/travel', { body: travel }));

/** How long a waiting list's offer holds its time (decision 056). */
export const updateWaitlistHold = (minutes: number) => unwrap(api.PUT('/admin/pricing/waitlist-hold', { body: { minutes } }));

/** The postcode districts the company serves (decision 041): outside them quotes and checkouts are refused. */
export const listServiceDistricts = () => unwrap(api.GET('/admin/service-districts'));

export const addServiceDistrict = (district: string) =>
  unwrap(api.PUT('/admin/service-districts/{district}', { params: { path: { district } } }));

export const removeServiceDistrict = (district: string) =>
  unwrap(api.DELETE('/admin/service-districts/{district}', { params: { path: { district } } }));

/** A service's checklist, ticked by its cleaners at check-out (decision 050). */
export const updateServiceChecklist = ({ id, items }: { id: number; items: string[] }) =>
  unwrap(api.PUT('/admin/pricing/services/{id}/checklist', { params: { path: { id } }, body: { items } }));
