import { parseTime } from '@internationalized/date';
import { useContext, useEffect, useRef } from 'react';
import {
  DateInput,
  DateSegment,
  FieldError,
  Label,
  Text,
  TimeField,
  TimeFieldStateContext,
} from 'react-aria-components';
import { INCOMPLETE } from '../../../machines/checkout-form';
import './date-field.css';

export interface FieldProps {
  label: string;
  description: string;
  errorMessage: string | null;
  isDisabled?: boolean;
  /** The value to start from (a restored draft): HH:mm, '' for none. */
  initialValue: string;
  /** HH:mm; '' while empty, `INCOMPLETE` while partly typed. */
  onChange: (value: string) => void;
}

/**
 * The booking time as a react-aria segmented field (the date is date-field.tsx's DateField). The app
 * runs in react-aria's en-GB locale (src/app/app.tsx), so it types a 24-hour clock whatever the
 * browser's language, each segment a labelled spin button. Uncontrolled: the machine keeps the typed
 * value, and is told when only some segments are typed (react-aria itself reports nothing until every
 * segment is).
 */
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
      <ReportValue initialValue={initialValue} onChange={onChange} />
    </TimeField>
  );
}

/** Tells the form the time each time it changes, including "partly typed". */
function ReportValue({ initialValue, onChange }: { initialValue: string; onChange: (value: string) => void }) {
  const state = useContext(TimeFieldStateContext);
  let value = '';
  if (state?.value) {
    // A time field's `value` is a date-time; its time alone is `timeValue` (HH:mm:ss).
    value = state.timeValue.toString().slice(0, 5);
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

/** What the field shows: label, segments, description and error. */
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
