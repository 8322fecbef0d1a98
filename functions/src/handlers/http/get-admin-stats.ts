import { centsToKes } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";

export const handler = httpHandler("get-admin-stats", {}, async () => {
  const { totalRevenueCents, ...counts } = await admin().stats();
  return { body: { stats: { ...counts, totalRevenue: centsToKes(totalRevenueCents) } } };
});
