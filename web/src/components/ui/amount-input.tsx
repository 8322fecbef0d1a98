import { Input } from "@chakra-ui/react";

interface AmountInputProps {
  value: string;
  onChange: (value: string) => void;
  min: number | string;
  max?: number;
  /** M-Pesa moves whole shillings; money that stays in the app may carry cents. */
  wholeShillings?: boolean;
}

/** A KES amount, kept as the text typed so that an emptied box stays empty instead of turning into 0. */
export function AmountInput({ value, onChange, min, max, wholeShillings = false }: AmountInputProps) {
  return (
    <Input
      name="amount"
      type="number"
      inputMode={wholeShillings ? "numeric" : "decimal"}
      min={min}
      max={max}
      step={wholeShillings ? "1" : "0.01"}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
