import { DateField, DateInput, DateSegment, FieldError, Label, Text, TimeField } from 'react-aria-components';

interface FieldProps {
  label: string;
  description: string;
  errorMessage: string | null;
  isDisabled?: boolean;
  /** YYYY-MM-DD for the date, HH:mm for the time; '' while incomplete. */
  onChange: (value: string) => void;
}

/**
 * The booking date and time as react-aria segmented fields: they read and type in the page's
 * locale (en-GB: dd/mm/yyyy and a 24-hour clock) whatever the browser's own date-picker locale,
 * and each segment is a labelled spin button. Uncontrolled: the machine keeps the typed value.
 */
export function BookingDateField({ label, description, errorMessage, isDisabled, onChange }: FieldProps) {
  return (
    <DateField
      granularity="day"
      isRequired
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      onChange={(value) => onChange(value ? value.toString() : '')}
      className="field"
    >
      <FieldParts label={label} description={description} errorMessage={errorMessage} />
    </DateField>
  );
}

export function BookingTimeField({ label, description, errorMessage, isDisabled, onChange }: FieldProps) {
  return (
    <TimeField
      hourCycle={24}
      granularity="minute"
      isRequired
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      onChange={(value) => onChange(value ? value.toString().slice(0, 5) : '')}
      className="field"
    >
      <FieldParts label={label} description={description} errorMessage={errorMessage} />
    </TimeField>
  );
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
