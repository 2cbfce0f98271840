import { Button, Group, Input, Label, NumberField } from 'react-aria-components';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../machines/booking.machine';

interface QuantityFieldProps {
  itemName: string;
  quantity: number;
  isDisabled?: boolean;
  onChange: (quantity: number) => void;
}

/** − / number / + for one cart line, 1 to 100 (R-BOOK-2); the machine clamps whatever arrives. */
export function QuantityField({ itemName, quantity, isDisabled, onChange }: QuantityFieldProps) {
  return (
    <NumberField
      value={quantity}
      minValue={MIN_QUANTITY}
      maxValue={MAX_QUANTITY}
      step={1}
      isDisabled={isDisabled}
      onChange={onChange}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      className="quantity-field"
    >
      <Label className="visually-hidden">Quantity of {itemName}</Label>
      <Group className="quantity-field__group">
        <Button slot="decrement" className="quantity-field__step" aria-label={`Fewer ${itemName}`}>
          −
        </Button>
        <Input className="quantity-field__input" />
        <Button slot="increment" className="quantity-field__step" aria-label={`More ${itemName}`}>
          +
        </Button>
      </Group>
    </NumberField>
  );
}
