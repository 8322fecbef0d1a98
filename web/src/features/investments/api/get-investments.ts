import type { Investment } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

/** The caller's own investments, newest first. */
export async function getInvestments(): Promise<Investment[]> {
  const { investments } = await apiRequest<{ investments: Investment[] }>("GET", "/investments");
  return investments;
}
