import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { getQuoteOptions } from '../../../api/get-quote-options';
import { listServices } from '../../../api/list-services';
import { Alert, Button, Select, Spinner, TextField } from '../../../components/ui';
import { formatMoney } from '../../../../domain/money/money';
import { ExtrasField } from '../../../shared/quote/extras-field';
import { useRequest } from '../../../shared/use-request';
import { choicesAfter, EMPTY_CHOICES, type Choice } from '../../../../machines/quote.machine';
import type { OfficeBookingRef } from './office-booking-ref';

/** Items: the service, how many of each of its items (GET /quotes/options/{id}), its extras (the quote's picker) and the frequency. */
export function OfficeItemsStep({ actorRef }: { actorRef: OfficeBookingRef }) {
  const kept = useSelector(actorRef, (s) => s.context.items);
  const services = useRequest(listServices, { auto: true });
  const [service, setService] = useState<number | null>(kept?.service ?? null);
  const serviceId = service ?? services.data?.[0]?.id ?? null;
  const options = useRequest(getQuoteOptions, { auto: serviceId !== null, params: serviceId ?? 0 });
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries((kept?.items ?? []).map((item) => [item.id, String(item.quantity)])));
  const [frequency, setFrequency] = useState(kept?.frequency ?? 'one_off');
  const [extras, setExtras] = useState<Choice[]>(kept?.extras ?? []);
  // Ticked and counted by the quote's own rule, as the customer's booking page does.
  const changeExtras = (event: Parameters<typeof choicesAfter>[1]) => setExtras((before) => choicesAfter({ ...EMPTY_CHOICES, extras: before }, event).extras);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = Object.entries(quantities).map(([id, text]) => ({ id: Number(id), quantity: Number(text) })).filter((item) => Number.isInteger(item.quantity) && item.quantity > 0);
    if (serviceId === null || items.length === 0) return setError('Give a quantity for at least one item');
    actorRef.send({ type: 'items.submit', items: { service: serviceId, items, frequency, extras } });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Items">
      {services.data ? (
        <Select label="Service" options={services.data.map((s) => ({ id: s.id, label: s.name }))} selectedKey={serviceId} onSelectionChange={(key) => { setService(Number(key)); setQuantities({}); setExtras([]); }} />
      ) : null}
      {options.loading || services.loading ? <Spinner label="Loading the items" /> : null}
      {options.error ?? services.error ? <Alert variant="error">{options.error ?? services.error}</Alert> : null}
      {options.data?.serviceId === serviceId
        ? options.data.items.map((item) => (
            <TextField
              key={item.id}
              label={`${item.name} (${formatMoney(item.price)} each)`}
              type="number"
              inputMode="numeric"
              value={quantities[item.id] ?? ''}
              onChange={(value) => { setError(null); setQuantities((before) => ({ ...before, [item.id]: value })); }}
            />
          ))
        : null}
      {options.data?.serviceId === serviceId && options.data.extras.length > 0 ? (
        <ExtrasField
          extras={options.data.extras}
          chosen={extras}
          onToggle={(extraId) => changeExtras({ type: 'extras.toggle', extraId })}
          onSetQuantity={(extraId, quantity) => changeExtras({ type: 'extras.setQuantity', extraId, quantity })}
        />
      ) : null}
      {options.data ? (
        <Select label="Frequency" options={options.data.frequencies.map((f) => ({ id: f.code, label: f.name }))} selectedKey={frequency} onSelectionChange={(key) => setFrequency(String(key))} />
      ) : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="office-booking__actions">
        <Button variant="secondary" onPress={() => actorRef.send({ type: 'step.back' })}>Back</Button>
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}
