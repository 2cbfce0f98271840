import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import './select.css';

export interface SelectOption {
  id: string | number;
  label: string;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  selectedKey: Key | null;
  onSelectionChange: (key: Key | null) => void;
  description?: string;
  errorMessage?: string | null;
  placeholder?: string;
  isDisabled?: boolean;
  /** Hides the label visually (tables: the column header already says it); it stays for screen readers. */
  hideLabel?: boolean;
  className?: string;
}

/** A single-choice dropdown (order status, refund status, rows per page). */
export function Select({ label, options, selectedKey, onSelectionChange, description, errorMessage, placeholder, isDisabled, hideLabel, className }: SelectProps) {
  return (
    <AriaSelect
      selectedKey={selectedKey}
      onSelectionChange={onSelectionChange}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      placeholder={placeholder}
      className={['field', 'select', className ?? ''].filter(Boolean).join(' ')}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <AriaButton className="select__trigger">
        <SelectValue className="select__value" />
        <span className="select__chevron" aria-hidden="true">▾</span>
      </AriaButton>
      {description ? <Text slot="description" className="field__description">{description}</Text> : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="select__popover">
        <ListBox className="select__list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className="select__option">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
