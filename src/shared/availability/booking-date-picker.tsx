import { parseDate, type DateValue } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
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
import { ReportValue, safely, type FieldProps } from '../../components/ui/date-time-fields';

interface DatePickerProps extends FieldProps {
  /** The first bookable UK day (YYYY-MM-DD): earlier days cannot be picked. */
  firstDay: string;
  /** Days known to have nothing free (closed or fully booked) are greyed out. */
  isUnavailable: (date: string) => boolean;
  /** Days the company is shut read "Closed". */
  isClosed: (date: string) => boolean;
  /** The calendar moved to another month: its first day (YYYY-MM-DD). */
  onMonthShow: (from: string) => void;
}

/**
 * The booking date as a react-aria DatePicker: typed as dd/mm/yyyy segments as before (the group is
 * still named "Date"), or picked from a calendar that greys out days with no team free. Dates are
 * UK dates (plain calendar dates, no zone), so a browser abroad sees the same days.
 */
export function BookingDatePicker(props: DatePickerProps) {
  const { label, description, errorMessage, isDisabled, initialValue, onChange, firstDay, isUnavailable, isClosed, onMonthShow } = props;
  const unavailable = (date: DateValue) => isUnavailable(date.toString());
  return (
    <DatePicker
      granularity="day"
      shouldForceLeadingZeros
      isRequired
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      defaultValue={initialValue ? safely(() => parseDate(initialValue)) : null}
      isDateUnavailable={unavailable}
      className="field"
    >
      <span className="field__label">
        <Label>{label}</Label>
        <span className="field__required" aria-hidden="true"> *</span>
      </span>
      <Group className="field__control date-picker__group">
        <DateInput className="date-input">
          {(segment) => (
            <>
              {/* Rendered once, inside the input's own state: tells the form what is typed. */}
              {segment.type === 'day' ? <ReportValue kind="date" initialValue={initialValue} onChange={onChange} /> : null}
              <DateSegment segment={segment} className="date-input__segment" />
            </>
          )}
        </DateInput>
        <Button className="date-picker__button" aria-label="Open the calendar">
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <Text slot="description" className="field__description">{description}</Text>
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="date-picker__popover" placement="bottom start">
        <Dialog className="date-picker__dialog" aria-label="Choose a date">
          <Calendar
            className="calendar"
            minValue={safely(() => parseDate(firstDay)) ?? undefined}
            onFocusChange={(date) => onMonthShow(date.set({ day: 1 }).toString())}
          >
            <header className="calendar__header">
              <Button slot="previous" className="calendar__nav" aria-label="Previous month">‹</Button>
              <Heading className="calendar__heading" />
              <Button slot="next" className="calendar__nav" aria-label="Next month">›</Button>
            </header>
            <CalendarGrid className="calendar__grid">
              {(date) => (
                <CalendarCell date={date} className="calendar__cell">
                  {({ formattedDate, isOutsideMonth }) => (
                    <>
                      <span>{formattedDate}</span>
                      {!isOutsideMonth && isClosed(date.toString()) ? <span className="calendar__note">{CLOSED}</span> : null}
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
