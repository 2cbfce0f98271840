import { parseDate, parseTime } from '@internationalized/date';
import { useContext, useEffect, useRef } from 'react';
import {
  DateField,
  DateFieldStateContext,
  DateInput,
  DateSegment,
  FieldError,
  Label,
  Text,
  TimeField,
  TimeFieldStateContext,
} from 'react-aria-components';
import { INCOMPLETE } from '../../../machines/checkout-form';

export interface FieldProps {
  label: string;
  description: string;
  errorMessage: string | null;
  isDisabled?: boolean;
  /** The value to start from (a restored draft): YYYY-MM-DD or HH:mm, '' for none. */
  initialValue: string;
  /** YYYY-MM-DD for the date, HH:mm for the time; '' while empty, `INCOMPLETE` while partly typed. */
  onChange: (value: string) => void;
}

/**
 * The booking date and time as react-aria segmented fields. The app runs in react-aria's en-GB
 * locale (src/app/app.tsx), so they read and type dd/mm/yyyy and a 24-hour clock whatever the
 * browser's language, and each segment is a labelled spin button. Uncontrolled: the machine keeps
 * the typed value, and is told when only some segments are typed (react-aria itself reports nothing
 * until every segment is).
 */
export function BookingDateField({ label, description, errorMessage, isDisabled, initialValue, onChange }: FieldProps) {
  return (
    <DateField
      granularity="day"
      shouldForceLeadingZeros
      isRequired
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      defaultValue={initialValue ? safely(() => parseDate(initialValue)) : null}
      className="field"
    >
      <FieldParts label={label} description={description} errorMessage={errorMessage} />
      <ReportValue kind="date" initialValue={initialValue} onChange={onChange} />
    </DateField>
  );
}

export function BookingTimeField({ label, description, errorMessage, isDisabled, initialValue, onChange }: FieldProps) {
  return (
    <TimeField
      hourCycle={24}
      granularity="minute"
      shouldForceLeadingZeros
      isRequired
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      defaultValue={initialValue ? safely(() => parseTime(initialValue)) : null}
      className="field"
    >
      <FieldParts label={label} description={description} errorMessage={errorMessage} />
      <ReportValue kind="time" initialValue={initialValue} onChange={onChange} />
    </TimeField>
  );
}

/** Tells the form the field's value each time it changes, including "partly typed". */
export function ReportValue({ kind, initialValue, onChange }: { kind: 'date' | 'time'; initialValue: string; onChange: (value: string) => void }) {
  const dateState = useContext(DateFieldStateContext);
  const timeState = useContext(TimeFieldStateContext);
  const state = kind === 'date' ? dateState : timeState;
  let value = '';
  if (kind === 'time' && timeState?.value) {
    // A time field's `value` is a date-time; its time alone is `timeValue` (HH:mm:ss).
    value = timeState.timeValue.toString().slice(0, 5);
  } else if (state?.value) {
    value = state.value.toString();
  } else if (state) {
    const editable = state.segments.filter((segment) => segment.isEditable);
    const typed = editable.filter((segment) => !segment.isPlaceholder).length;
    if (typed > 0) value = INCOMPLETE;
  }
  const reported = useRef(initialValue);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    onChangeRef.current(value);
  }, [value]);
  return null;
}

export function safely<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

/** What both fields show: label, segments, description and error. */
function FieldParts({ label, description, errorMessage }: Pick<FieldProps, 'label' | 'description' | 'errorMessage'>) {
  return (
    <>
      {/* The asterisk sits beside the label, not in it: the group's name (aria-labelledby) stays "Date". */}
      <span className="field__label">
        <Label>{label}</Label>
        <span className="field__required" aria-hidden="true"> *</span>
      </span>
      <DateInput className="field__control date-input">
        {(segment) => <DateSegment segment={segment} className="date-input__segment" />}
      </DateInput>
      <Text slot="description" className="field__description">{description}</Text>
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
