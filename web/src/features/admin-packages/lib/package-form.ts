import { type Package, type PackageInput, PackageInputSchema } from "@jengafund/shared";
import { addDays, format } from "date-fns";

export const categoryOptions = [
  { value: "transport", label: "Transport" },
  { value: "technology", label: "Technology" },
  { value: "energy", label: "Energy" },
  { value: "insurance", label: "Insurance" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "media", label: "Media" },
  { value: "real-estate", label: "Real Estate" },
  { value: "consumer-goods", label: "Consumer Goods" },
] as const satisfies readonly { value: PackageInput["category"]; label: string }[];

export const riskOptions = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
] as const satisfies readonly { value: PackageInput["riskLevel"]; label: string }[];

/** The form keeps what the inputs hold: strings, with the maturity date as the date input's yyyy-MM-dd. */
export type PackageForm = Record<keyof PackageInput, string>;
export type PackageFormErrors = Partial<Record<keyof PackageForm, string>>;

const NEW_PACKAGE_MATURITY_DAYS = 60;

/** The starting values of spec §9 for a new package. */
export function newPackageForm(today: Date = new Date()): PackageForm {
  return {
    name: "",
    company: "",
    description: "",
    price: "",
    image: "",
    category: "technology",
    riskLevel: "medium",
    monthlyReturnRate: "40",
    dailyReturnRate: "1.3",
    maturityDate: format(addDays(today, NEW_PACKAGE_MATURITY_DAYS), "yyyy-MM-dd"),
  };
}

export function packageToForm(pkg: Package): PackageForm {
  return {
    name: pkg.name,
    company: pkg.company,
    description: pkg.description,
    price: String(pkg.price),
    image: pkg.image,
    category: pkg.category,
    riskLevel: pkg.riskLevel,
    monthlyReturnRate: String(pkg.monthlyReturnRate),
    dailyReturnRate: String(pkg.dailyReturnRate),
    // Maturity dates are stored as UTC midnight, so the UTC calendar day is the day the admin picked.
    maturityDate: pkg.maturityDate.slice(0, 10),
  };
}

/** An empty number input is a missing value, not zero. */
function numberOrMissing(value: string): number | undefined {
  return value.trim() === "" ? undefined : Number(value);
}

type Checked = { input: PackageInput; errors?: undefined } | { input?: undefined; errors: PackageFormErrors };

/**
 * Checks the form with the API's own schema (spec §5: every field required, price ≥ 1, rates ≥ 0, image a URL,
 * maturity a date), so the admin sees the server's wording before anything is sent.
 */
export function checkPackageForm(form: PackageForm): Checked {
  const result = PackageInputSchema.safeParse({
    ...form,
    price: numberOrMissing(form.price),
    monthlyReturnRate: numberOrMissing(form.monthlyReturnRate),
    dailyReturnRate: numberOrMissing(form.dailyReturnRate),
    maturityDate: form.maturityDate && `${form.maturityDate}T00:00:00.000Z`,
  });
  if (result.success) return { input: result.data };
  const errors: PackageFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PackageForm;
    errors[field] ??= issue.message;
  }
  return { errors };
}
