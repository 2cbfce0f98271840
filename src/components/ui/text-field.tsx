import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string;
  description?: string;
  /** Shown under the field, announced and linked with aria-describedby; marks the field invalid. */
  errorMessage?: string | null;
  /** A textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  className?: string;
  /**
   * The contract's maxLength for the field (openapi/rules.ts): the browser stops typing and pasting
   * there. With `showCount` the field also shows "1,234 of 2,000 characters" under it (long notes).
   */
  maxLength?: number;
  showCount?: boolean;
}

/**
 * A labelled text input. Validation is the form's job (pure validators): this only shows the
 * message it is given. `validationBehavior="aria"` keeps the browser's own bubbles out of the way.
 */
const count = new Intl.NumberFormat('en-GB');

export function TextField({ label, description, errorMessage, multiline, rows = 5, placeholder, className, showCount, ...props }: TextFieldProps) {
  const length = typeof props.value === 'string' ? props.value.length : 0;
  return (
    <AriaTextField
      validationBehavior="aria"
      {...props}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
      className={['field', className ?? ''].filter(Boolean).join(' ')}
    >
      <span className="field__label-row">
        <Label className="field__label">{label}</Label>
        {/* Outside the label, so the field's name stays exactly `label`. */}
        {props.isRequired ? <span className="field__required" aria-hidden="true">*</span> : null}
      </span>
      {multiline ? (
        <TextArea className="field__control field__control--multiline" rows={rows} placeholder={placeholder} />
      ) : (
        <Input className="field__control" placeholder={placeholder} />
      )}
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      {showCount && props.maxLength ? (
        // Not a live region: read on demand, not at every key.
        <span className={length >= props.maxLength ? 'field__count field__count--full' : 'field__count'}>
          {count.format(length)} of {count.format(props.maxLength)} characters
        </span>
      ) : null}
      {/* A live region that is always there, so the message is announced as it appears. */}
      <div aria-live="polite">
        <FieldError className="field__error">{errorMessage}</FieldError>
      </div>
    </AriaTextField>
  );
}
