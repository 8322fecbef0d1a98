import { Field, NativeSelect } from "@chakra-ui/react";

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

/** A labelled dropdown for one list filter, inside a FilterBar; a native select keeps the phone's own picker. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  return (
    <Field.Root flex={{ base: "1 1 100%", sm: "1 1 12rem" }} maxW={{ sm: "16rem" }} minW="0">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)} bg="bg">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
