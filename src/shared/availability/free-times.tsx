import { ListBox, ListBoxItem } from 'react-aria-components';
import { Button } from '../../components/ui';
import { CLOSED, FULLY_BOOKED, freeTimeLabel } from '../../../domain/capacity/availability-text';
import { formatUkDay } from '../../lib/dates';
import type { AvailabilityDay } from '../../../openapi/schema';

interface FreeTimesProps {
  date: string;
  day: AvailabilityDay | null;
  teams: number;
  time: string;
  loading: boolean;
  failed: string | null;
  isDisabled?: boolean;
  onChoose: (time: string) => void;
  /** Loads the times again after a failure. */
  onRetry: () => void;
}

/**
 * The free start times of the chosen day, each "10:30 — 2 of 3 teams free"; a time no team is free
 * for reads "Fully booked" and cannot be chosen (a disabled option). Choosing one fills the Time
 * field; typing a time there still works. A failure to load shows first, date or not, with Try again.
 */
export function FreeTimes({ date: isoDate, day, teams, time, loading, failed, isDisabled, onChoose, onRetry }: FreeTimesProps) {
  // Written as the dd/mm/yyyy field beside it reads.
  const date = isoDate ? formatUkDay(isoDate) : '';
  let note: string | null = null;
  if (failed) note = `The free times could not be loaded: ${failed}`;
  else if (!date) note = 'Choose a date to see the free times.';
  else if (!day) note = loading ? 'Loading the free times…' : 'Choose a date to see the free times.';
  else if (day.status === 'closed') note = `${date}: ${CLOSED}${day.reason && day.reason !== CLOSED ? ` (${day.reason})` : ''}`;
  else if (day.times.length === 0) note = `${date}: no times can be booked online.`;
  else if (day.status === 'full') note = `${date}: ${FULLY_BOOKED}`;
  return (
    <section className="free-times" aria-labelledby="free-times-title">
      <h3 id="free-times-title" className="free-times__title">Free times{date ? ` on ${date}` : ''} (UK time)</h3>
      {note ? <p className="free-times__note" role="status">{note}</p> : null}
      {failed ? <Button size="sm" variant="secondary" onPress={onRetry}>Try again</Button> : null}
      {day && day.times.length > 0 ? (
        <ListBox
          aria-labelledby="free-times-title"
          selectionMode="single"
          disallowEmptySelection={false}
          selectedKeys={time ? [time] : []}
          disabledKeys={isDisabled ? day.times.map((slot) => slot.time) : day.times.filter((slot) => slot.free === 0).map((slot) => slot.time)}
          onSelectionChange={(keys) => {
            const [chosen] = keys === 'all' ? [] : [...keys];
            if (typeof chosen === 'string') onChoose(chosen);
          }}
          className="free-times__list"
        >
          {day.times.map((slot) => (
            <ListBoxItem key={slot.time} id={slot.time} textValue={freeTimeLabel(slot.time, slot.free, teams)} className="free-times__option">
              {freeTimeLabel(slot.time, slot.free, teams)}
            </ListBoxItem>
          ))}
        </ListBox>
      ) : null}
    </section>
  );
}

