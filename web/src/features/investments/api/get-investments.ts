import type { Investment } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The caller's own investments, newest first. */
export async function getInvestments(): Promise<Investment[]> {
  const { investments } = await apiCall("list-investments");
  return investments;
}
