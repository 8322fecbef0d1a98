import { Field, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface FormFieldProps {
  label: string;
  error?: string;
  helper?: string;
  required?: boolean;
  /** The control; Chakra's Field links it to the label and the messages. */
  children: ReactNode;
}

export function FormField({ label, error, helper, required = true, children }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={error !== undefined}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator
          fallback={
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          }
        />
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
