import { PACKAGE_COMPANIES } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { packageSeed } from "../src/local/seed.js";

describe("the seeded package catalogue", () => {
  it("has exactly the companies, with their categories, that the landing page lists", () => {
    const seeded = packageSeed.map((pkg) => ({ name: pkg.company, category: pkg.category }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(seeded.sort(byName)).toEqual(PACKAGE_COMPANIES.map((company) => ({ ...company })).sort(byName));
  });
});
