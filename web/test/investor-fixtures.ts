import type { Investment, Package } from "@jengafund/shared";

export function aPackage(overrides: Partial<Package> = {}): Package {
  return {
    _id: "01JENGAFUNDPKG00000000SAF1",
    name: "Safaricom Growth Fund",
    company: "Safaricom",
    description: "Earn from the mobile-money and data network that connects Kenya.",
    price: 300,
    image: "/images/packages/safaricom.svg",
    category: "technology",
    riskLevel: "low",
    monthlyReturnRate: 30,
    dailyReturnRate: 1,
    maturityDate: "2027-01-21T00:00:00.000Z",
    ...overrides,
  };
}

/** A second package, dearer and riskier than the first, for lists that need two that differ. */
export function aCentumPackage(overrides: Partial<Package> = {}): Package {
  return aPackage({
    _id: "01JENGAFUNDPKG00000000CTM8",
    name: "Two Rivers Estates",
    company: "Centum",
    price: 2000,
    category: "real-estate",
    riskLevel: "high",
    ...overrides,
  });
}

const DAY_MS = 86_400_000;

export function anInvestment(overrides: Partial<Investment> = {}): Investment {
  return {
    _id: "01JTESTINVESTMENT000000001",
    package: {
      _id: "01JENGAFUNDPKG00000000SAF1",
      image: "/images/packages/safaricom.svg",
      name: "Safaricom Growth Fund",
      company: "Safaricom",
    },
    amount: 650,
    currentValue: 650,
    totalRewardsClaimed: 0,
    dailyReward: 6.5,
    dailyReturnRate: 1,
    purchaseDate: new Date(Date.now() - 3 * DAY_MS).toISOString(),
    maturityDate: new Date(Date.now() + 57 * DAY_MS).toISOString(),
    isTrialInvestment: true,
    ...overrides,
  };
}
