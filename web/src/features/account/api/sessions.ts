import { apiCall } from "../../../lib/api-call";

/** Ends every session of the account on the server, this browser's included (design.md §12.2). */
export async function signOutEverywhere(): Promise<void> {
  await apiCall("logout-all-sessions");
}
