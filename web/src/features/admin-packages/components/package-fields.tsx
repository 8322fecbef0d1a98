import { Input, NativeSelect, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { FormField } from "../../../components/ui/form-field";
import { categoryOptions, type PackageForm, type PackageFormErrors, riskOptions } from "../lib/package-form";

interface PackageFieldsProps {
  form: PackageForm;
  errors: PackageFormErrors;
  onChange: (field: keyof PackageForm, value: string) => void;
}

/** The ten inputs of a package; every one is required (spec §5). */
export function PackageFields({ form, errors, onChange }: PackageFieldsProps) {
  const text = (field: keyof PackageForm) => ({
    name: field,
    value: form[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  return (
    <Stack gap="4">
      <FormField label="Package Name" error={errors.name}>
        <Input {...text("name")} />
      </FormField>
      <FormField label="Company" error={errors.company}>
        <Input {...text("company")} />
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Textarea rows={3} {...text("description")} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Price (KES)" helper="The minimum investment." error={errors.price}>
          <Input type="number" inputMode="decimal" min="1" step="0.01" {...text("price")} />
        </FormField>
        <FormField label="Maturity Date" error={errors.maturityDate}>
          <Input type="date" {...text("maturityDate")} />
        </FormField>
        <FormField label="Monthly Return (%)" error={errors.monthlyReturnRate}>
          <Input type="number" inputMode="decimal" min="0" step="0.1" {...text("monthlyReturnRate")} />
        </FormField>
        <FormField label="Daily Return (%)" error={errors.dailyReturnRate}>
          <Input type="number" inputMode="decimal" min="0" step="0.1" {...text("dailyReturnRate")} />
        </FormField>
        <FormField label="Category" error={errors.category}>
          <Choice field="category" value={form.category} options={categoryOptions} onChange={onChange} />
        </FormField>
        <FormField label="Risk Level" error={errors.riskLevel}>
          <Choice field="riskLevel" value={form.riskLevel} options={riskOptions} onChange={onChange} />
        </FormField>
      </SimpleGrid>
      <FormField
        label="Image URL"
        helper="An https:// address or a path on this site, e.g. /images/packages/safaricom.svg"
        error={errors.image}
      >
        <Input type="url" inputMode="url" {...text("image")} />
      </FormField>
    </Stack>
  );
}

interface ChoiceProps {
  field: keyof PackageForm;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (field: keyof PackageForm, value: string) => void;
}

function Choice({ field, value, options, onChange }: ChoiceProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={field} value={value} onChange={(event) => onChange(field, event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
