import { parseDate, type DateValue } from '@internationalized/date';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateField as AriaDateField,
  DateFieldStateContext,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { CLOSED } from '../../../domain/capacity/availability-text';
import { dayInWords } from '../../../domain/time/london-days';
import { INCOMPLETE } from '../../../machines/checkout-form';
import './field.css';
import './date-field.css';

/** A calendar beside the segments (booking): earlier days than `firstDay` and unavailable days cannot be picked. */
export interface DateFieldCalendar {
  /** The first bookable UK day (YYYY-MM-DD). */
  firstDay: string;
  /** Days known to have nothing free (closed or fully booked) are greyed out. */
  isUnavailable: (date: string) => boolean;
  /** Days the company is shut read "Closed". */
  isClosed: (date: string) => boolean;
  /** The calendar moved to another month: its first day (YYYY-MM-DD). */
  onMonthShow: (from: string) => void;
}

export interface DateFieldProps {
  label: string;
  /** Under the field, e.g. "dd/mm/yyyy, a UK date". */
  description?: string;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** Controlled: YYYY-MM-DD, '' for none (clears the field), `INCOMPLETE` while partly typed. */
  value?: string;
  /** Uncontrolled: the value to start from (a restored draft), YYYY-MM-DD or ''. */
  initialValue?: string;
  /** YYYY-MM-DD once a whole real date is typed or picked; '' when empty; `INCOMPLETE` while partly typed. */
  onChange: (value: string) => void;
  /** Focus left the whole field (not one segment for the next). */
  onBlur?: () => void;
  calendar?: DateFieldCalendar;
}

const toDate = (value: string): DateValue | null => (dayInWords(value) ? parseDate(value) : null);

/**
 * The app's one date field (decision 088): react-aria segments in the app's en-GB locale (src/app/app.tsx),
 * so it reads and types day, month, year ("dd/mm/yyyy" until typed) whatever the browser speaks, each
 * segment a labelled spin button. Once a whole date is typed it is written out under the field
 * ("Monday 1 February 2027"), so a day typed month-first is seen as the wrong month at once. The form
 * always gets YYYY-MM-DD. With `calendar` it is the booking's DatePicker, a calendar button beside it.
 */
export function DateField(props: DateFieldProps) {
  const { label, description, errorMessage, isRequired, isDisabled, autoFocus, value, initialValue, onChange, onBlur, calendar } = props;
  const [own, setOwn] = useState(initialValue ?? '');
  const current = value ?? own;
  const emit = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange(next);
  };
  // The date react-aria holds: the last whole date, kept while a segment is retyped (INCOMPLETE), so
  // clearing one segment does not clear the others; '' from the form empties the field.
  const [held, setHeld] = useState(toDate(current) ? current : '');
  const nextHeld = toDate(current) ? current : current === '' ? '' : held;
  if (nextHeld !== held) setHeld(nextHeld);
  const date = useMemo(() => (nextHeld ? toDate(nextHeld) : null), [nextHeld]);
  const words = dayInWords(current);

  const shared = {
    granularity: 'day' as const,
    shouldForceLeadingZeros: true,
    isRequired,
    isDisabled,
    autoFocus,
    isInvalid: Boolean(errorMessage),
    validationBehavior: 'aria' as const,
    value: date,
    onChange: (next: DateValue | null) => emit(next ? next.toString() : ''),
    onBlur,
    className: 'field',
  };
  const segments = (
    <DateInput className={calendar ? 'date-input' : 'field__control date-input'}>
      {(segment) => (
        <>
          {/* Rendered once, inside the input's own state: tells the form what is partly typed. */}
          {segment.type === 'day' ? <ReportTyped current={current} onChange={emit} /> : null}
          <DateSegment segment={segment} className="date-input__segment" />
        </>
      )}
    </DateInput>
  );
  const parts = (
    <>
      {/* The asterisk sits beside the label, not in it: the group's name (aria-labelledby) stays the label. */}
      <span className="field__label">
        <Label>{label}</Label>
        {isRequired ? <span className="field__required" aria-hidden="true"> *</span> : null}
      </span>
      {calendar ? (
        <Group className="field__control date-picker__group">
          {segments}
          <Button className="date-picker__button" aria-label="Open the calendar">
            <span aria-hidden="true">▾</span>
          </Button>
        </Group>
      ) : (
        segments
      )}
      {description || words ? (
        <Text slot="description" className="field__description">
          {description}
          {words ? <span className="field__words">{words}</span> : null}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
  if (!calendar) return <AriaDateField {...shared}>{parts}</AriaDateField>;
  return (
    <DatePicker {...shared} isDateUnavailable={(day: DateValue) => calendar.isUnavailable(day.toString())}>
      {parts}
      <Popover className="date-picker__popover" placement="bottom start">
        <Dialog className="date-picker__dialog" aria-label="Choose a date">
          <Calendar
            className="calendar"
            minValue={toDate(calendar.firstDay) ?? undefined}
            onFocusChange={(day) => calendar.onMonthShow(day.set({ day: 1 }).toString())}
          >
            <header className="calendar__header">
              <Button slot="previous" className="calendar__nav" aria-label="Previous month">‹</Button>
              <Heading className="calendar__heading" />
              <Button slot="next" className="calendar__nav" aria-label="Next month">›</Button>
            </header>
            <CalendarGrid className="calendar__grid">
              {(day) => (
                <CalendarCell date={day} className="calendar__cell">
                  {({ formattedDate, isOutsideMonth }) => (
                    <>
                      <span>{formattedDate}</span>
                      {!isOutsideMonth && calendar.isClosed(day.toString()) ? <span className="calendar__note">{CLOSED}</span> : null}
                    </>
                  )}
                </CalendarCell>
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

/**
 * What the segments show, as the form's value: '' when none is typed, INCOMPLETE while some are (or
 * all are but name no real day, 31/02), else the date. react-aria itself reports only whole dates.
 */
function ReportTyped({ current, onChange }: { current: string; onChange: (value: string) => void }) {
  const state = useContext(DateFieldStateContext);
  const editable = state?.segments.filter((segment) => segment.isEditable) ?? [];
  const typed = editable.filter((segment) => !segment.isPlaceholder);
  const part = (type: string) => String(typed.find((segment) => segment.type === type)?.value ?? '').padStart(2, '0');
  const whole = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  const shown = typed.length === 0 ? '' : typed.length < editable.length || !dayInWords(whole) ? INCOMPLETE : whole;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    // react-aria reports a new whole date itself (onChange); this also tells of partly typed and
    // cleared fields, and of a segment retyped back to the date held.
    if (shown !== current) onChangeRef.current(shown);
  }, [shown, current]);
  return null;
}
