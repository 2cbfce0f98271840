import { useEffect, useState, type FormEvent } from 'react';
import { ToggleButton, type Key } from 'react-aria-components';
import { Button, buttonClassName, Checkbox, DateField, Select, TextField } from '../../../components/ui';
import { dayInWords } from '../../../../domain/time/london-days';
import { statusLabel } from '../../../../domain/orders/status-labels';
import { dateRange, hasFilters, PAYMENT_OPTIONS, type OrderFilterState } from './order-filters';
import './order-filter-bar.css';
import type { Service } from '../../../../openapi/schema';

export interface OrderFilterBarProps {
  filters: OrderFilterState;
  statuses: readonly string[];
  services: readonly Service[];
  onChange: (next: OrderFilterState) => void;
}

const ANY = 'any';
const NO_FILTERS: OrderFilterState = { q: '', status: null, service: null, payment: null, unassigned: false, when: null, from: '', to: '' };
const keyOrNull = (key: Key | null) => (key === null || key === ANY ? null : String(key));

/**
 * A job date: the app's one date field (dd/mm/yyyy, decision 088); the day is the UK's. What is typed
 * filters when the focus leaves the field, and only a whole date or none: the days a date passes
 * through as it is typed (1/12/2, 1/12/20...) are neither searched nor put in the history.
 */
function JobDateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  // The view moved (a shortcut, Back, Clear filters): the field shows its date.
  if (value !== shown) {
    setShown(value);
    setTyped(value);
  }
  const commit = () => {
    if (typed !== value && (typed === '' || dayInWords(typed))) onChange(typed);
  };
  return (
    <div className="order-filters__date">
      <DateField label={label} value={typed} onChange={setTyped} onBlur={commit} />
    </div>
  );
}

/**
 * The search box, filters and date shortcuts above the orders table. It holds no filter of its own
 * but the text being typed: every change is handed to the page, which puts it in the URL.
 */
export function OrderFilterBar({ filters, statuses, services, onChange }: OrderFilterBarProps) {
  const [text, setText] = useState(filters.q);
  // Back/Forward or a bookmark brings another search: the box shows it.
  useEffect(() => setText(filters.q), [filters.q]);
  const set = (change: Partial<OrderFilterState>) => onChange({ ...filters, q: text, ...change });
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({});
  };
  const shown = dateRange(filters, new Date());
  // Typing a date leaves the shortcut for the dates it showed.
  const setDate = (side: 'from' | 'to', value: string) => set({ when: null, ...shown, [side]: value });

  return (
    <section className="order-filters" aria-label="Find orders">
      <form role="search" className="order-filters__search" onSubmit={search}>
        <TextField
          label="Search orders"
          description="Customer name, email, postcode or order id"
          type="search"
          value={text}
          onChange={setText}
          maxLength={100}
        />
        <Button type="submit" variant="primary" size="md">Search</Button>
      </form>
      <div className="order-filters__row">
        <Select
          label="Status"
          options={[{ id: ANY, label: 'Any status' }, ...statuses.map((status) => ({ id: status, label: statusLabel(status) }))]}
          selectedKey={filters.status ?? ANY}
          onSelectionChange={(key) => set({ status: keyOrNull(key) as OrderFilterState['status'] })}
        />
        <Select
          label="Service"
          options={[{ id: ANY, label: 'Any service' }, ...services.map((service) => ({ id: String(service.id), label: service.name }))]}
          selectedKey={filters.service === null ? ANY : String(filters.service)}
          onSelectionChange={(key) => set({ service: keyOrNull(key) === null ? null : Number(key) })}
        />
        <Select
          label="Payment"
          options={[{ id: ANY, label: 'Any payment' }, ...PAYMENT_OPTIONS]}
          selectedKey={filters.payment ?? ANY}
          onSelectionChange={(key) => set({ payment: keyOrNull(key) as OrderFilterState['payment'] })}
        />
        <JobDateField label="Job date from" value={shown.from} onChange={(value) => setDate('from', value)} />
        <JobDateField label="Job date to" value={shown.to} onChange={(value) => setDate('to', value)} />
        <Checkbox isSelected={filters.unassigned} onChange={(unassigned) => set({ unassigned })} className="order-filters__check">
          Unassigned only
        </Checkbox>
      </div>
      <div className="order-filters__shortcuts" role="group" aria-label="Job date shortcuts (UK time)">
        <ToggleButton
          className={buttonClassName('secondary', 'sm')}
          isSelected={filters.when === 'today'}
          onChange={(on) => set({ when: on ? 'today' : null, from: '', to: '' })}
        >
          Today
        </ToggleButton>
        <ToggleButton
          className={buttonClassName('secondary', 'sm')}
          isSelected={filters.when === 'week'}
          onChange={(on) => set({ when: on ? 'week' : null, from: '', to: '' })}
        >
          This week
        </ToggleButton>
        <Button variant="ghost" size="sm" isDisabled={!hasFilters(filters) && !text} onPress={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      </div>
    </section>
  );
}
