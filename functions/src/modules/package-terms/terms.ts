/** A package's fields in the form's units and as stored, and as the audit trail shows them. */
import { centsToKes, kesToCents, type PackageInput } from "@jengafund/shared";
import type { PackageFields } from "../../kernel/records.js";

/** Package form input (KES, percents) to the stored fields. */
export function packageFields(input: PackageInput): PackageFields {
  return {
    name: input.name,
    company: input.company,
    description: input.description,
    priceCents: kesToCents(input.price),
    image: input.image,
    category: input.category,
    riskLevel: input.riskLevel,
    monthlyReturnRate: input.monthlyReturnRate,
    dailyReturnRate: input.dailyReturnRate,
    maturityDate: new Date(input.maturityDate).toISOString(),
  };
}

/** Stored fields back to the form's units: what a package change shows. */
export function packageInput(fields: PackageFields): PackageInput {
  return {
    name: fields.name,
    company: fields.company,
    description: fields.description,
    price: centsToKes(fields.priceCents),
    image: fields.image,
    category: fields.category,
    riskLevel: fields.riskLevel,
    monthlyReturnRate: fields.monthlyReturnRate,
    dailyReturnRate: fields.dailyReturnRate,
    maturityDate: fields.maturityDate,
  };
}

/** A package's fields as the audit trail shows them (KES, not cents). */
export const packageDetails = (pkg: PackageFields) => ({
  name: pkg.name,
  company: pkg.company,
  category: pkg.category,
  riskLevel: pkg.riskLevel,
  price: centsToKes(pkg.priceCents),
  dailyReturnRate: pkg.dailyReturnRate,
  monthlyReturnRate: pkg.monthlyReturnRate,
  maturityDate: pkg.maturityDate,
  description: pkg.description,
  image: pkg.image,
});

/** The fields that differ, before and after. */
export function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const names = Object.keys(after).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
  };
}
