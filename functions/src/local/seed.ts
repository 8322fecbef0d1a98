import { nairobiDay, systemClock } from "../kernel/clock.js";
import { referralCode } from "../kernel/ids.js";
import { MoveRefusedError, type PackageRecord } from "../kernel/records.js";
import { argon2idHasher, createDynamoAccountRepository } from "../modules/identity/index.js";
import { createDynamoPackageRepository } from "../modules/investing/index.js";

/**
 * The dev seed: the admin accounts and nine packages from well-known Kenyan companies. Idempotent: fixed ids
 * and uniqueness markers make a second run a no-op. Dev-only: never imported by a handler.
 */
export const DEV_ADMIN_ID = "01JENGAFUNDADMIN0000000000";
/** The second dev admin, who approves what the first asks for (four eyes on one machine). */
export const DEV_SECOND_ADMIN_ID = "01JENGAFUNDADMIN0000000002";

/** The seeded catalogue; the landing page lists its companies from shared's PACKAGE_COMPANIES (a test keeps them equal). */
export const packageSeed: Omit<PackageRecord, "maturityDate" | "createdAt">[] = [
  {
    id: "01JENGAFUNDPKG00000000SAF1",
    name: "Safaricom Growth Fund",
    company: "Safaricom",
    description: "Earn from the mobile-money and data network that connects Kenya.",
    priceCents: 30_000,
    image: "/images/packages/safaricom.svg",
    category: "technology",
    riskLevel: "low",
    monthlyReturnRate: 30,
    dailyReturnRate: 1,
  },
  {
    id: "01JENGAFUNDPKG00000000KQA2",
    name: "Pride of Africa Routes",
    company: "Kenya Airways",
    description: "Regional routes out of Nairobi, from Mombasa to Lagos.",
    priceCents: 50_000,
    image: "/images/packages/kenya-airways.svg",
    category: "transport",
    riskLevel: "high",
    monthlyReturnRate: 40,
    dailyReturnRate: 1.3,
  },
  {
    id: "01JENGAFUNDPKG00000000KGN3",
    name: "Geothermal Power Plan",
    company: "KenGen",
    description: "Clean steam power from the Olkaria geothermal fields.",
    priceCents: 100_000,
    image: "/images/packages/kengen.svg",
    category: "energy",
    riskLevel: "low",
    monthlyReturnRate: 25,
    dailyReturnRate: 0.8,
  },
  {
    id: "01JENGAFUNDPKG00000000KPL4",
    name: "Last Mile Connectivity",
    company: "Kenya Power",
    description: "Bringing electricity connections to homes across the counties.",
    priceCents: 75_000,
    image: "/images/packages/kenya-power.svg",
    category: "energy",
    riskLevel: "medium",
    monthlyReturnRate: 30,
    dailyReturnRate: 1,
  },
  {
    id: "01JENGAFUNDPKG00000000BRT5",
    name: "Britam Cover Plan",
    company: "Britam",
    description: "Insurance and asset management across East Africa.",
    priceCents: 50_000,
    image: "/images/packages/britam.svg",
    category: "insurance",
    riskLevel: "low",
    monthlyReturnRate: 20,
    dailyReturnRate: 0.7,
  },
  {
    id: "01JENGAFUNDPKG00000000BMB6",
    name: "Build Kenya Cement",
    company: "Bamburi Cement",
    description: "Cement for the roads, homes and bridges being built nationwide.",
    priceCents: 150_000,
    image: "/images/packages/bamburi.svg",
    category: "manufacturing",
    riskLevel: "medium",
    monthlyReturnRate: 35,
    dailyReturnRate: 1.2,
  },
  {
    id: "01JENGAFUNDPKG00000000NMG7",
    name: "Digital Newsroom",
    company: "Nation Media Group",
    description: "News, radio and TV reaching millions of Kenyans every day.",
    priceCents: 30_000,
    image: "/images/packages/nation-media.svg",
    category: "media",
    riskLevel: "medium",
    monthlyReturnRate: 28,
    dailyReturnRate: 0.9,
  },
  {
    id: "01JENGAFUNDPKG00000000CTM8",
    name: "Two Rivers Estates",
    company: "Centum",
    description: "Mixed-use property developments around Nairobi.",
    priceCents: 200_000,
    image: "/images/packages/centum.svg",
    category: "real-estate",
    riskLevel: "high",
    monthlyReturnRate: 40,
    dailyReturnRate: 1.3,
  },
  {
    id: "01JENGAFUNDPKG00000000EAB9",
    name: "Brewing Heritage",
    company: "East African Breweries",
    description: "Beverage brands enjoyed across the region for a century.",
    priceCents: 100_000,
    image: "/images/packages/eabl.svg",
    category: "consumer-goods",
    riskLevel: "medium",
    monthlyReturnRate: 32,
    dailyReturnRate: 1.1,
  },
];

export interface SeedResult {
  adminCreated: boolean;
  packagesCreated: number;
}

/** An admin the seed makes: who signs in with what. */
export interface SeedAdmin {
  email: string;
  password: string;
}

/**
 * The dev seed. `secondAdmin` (what `npm start` seeds, design.md §13.1) lets one person try every four-eyes flow on
 * one machine: one admin asks, the other approves. Each seeded package is approved by seeding.
 */
export async function seedDevData(admin: SeedAdmin, secondAdmin?: SeedAdmin): Promise<SeedResult> {
  const accounts = createDynamoAccountRepository();
  const packages = createDynamoPackageRepository();
  const now = systemClock.now();
  const createdAt = now.toISOString();

  /** Creates the admin account; false when it is already there. */
  async function seedAdmin(id: string, lastName: string, phoneNumber: string, { email, password }: SeedAdmin) {
    try {
      await accounts.createAccount({
        day: nairobiDay(now),
        passwordHash: await argon2idHasher.hash(password),
        user: {
          id,
          firstName: "Platform",
          lastName,
          email: email.toLowerCase(),
          phoneNumber,
          role: "admin",
          isTrialAccount: false,
          trialBalanceCents: 0,
          walletBalanceCents: 0,
          totalReferralEarningsCents: 0,
          referralCode: referralCode(),
          isActive: true,
          tokenVersion: 1,
          createdAt,
        },
      });
      return true;
    } catch (error) {
      if (!(error instanceof MoveRefusedError)) throw error;
      return false;
    }
  }
  const adminCreated = await seedAdmin(DEV_ADMIN_ID, "Admin", "254700000000", admin);
  if (secondAdmin) await seedAdmin(DEV_SECOND_ADMIN_ID, "Approver", "254700000001", secondAdmin);

  // Maturity a year out, so the seeded packages stay buyable in a long-lived dev database.
  const maturityDate = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  let packagesCreated = 0;
  for (const pkg of packageSeed) {
    if (await packages.create({ ...pkg, maturityDate, createdAt })) packagesCreated++;
  }
  return { adminCreated, packagesCreated };
}
