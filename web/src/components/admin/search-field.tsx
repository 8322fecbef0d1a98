import { Field, Input, InputGroup } from "@chakra-ui/react";
import { SearchIcon } from "../ui/icons";

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled search box for an admin list, inside a FilterBar, where it takes the room the dropdowns leave. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <Field.Root flex={{ base: "1 1 100%", md: "2 1 16rem" }} minW="0">
      <Field.Label>{label}</Field.Label>
      <InputGroup startElement={<SearchIcon color="fg.muted" />}>
        <Input
          type="search"
          bg="bg"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </InputGroup>
    </Field.Root>
  );
}
