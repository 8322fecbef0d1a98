import type { KycExport } from "@jengafund/shared";
import { nairobiDay } from "../../../lib/format";

/** "Download my data": the details as kept, in a JSON file named for the day it was taken. */
export function kycExportFile(kyc: KycExport, now = new Date()): { file: Blob; fileName: string } {
  return {
    file: new Blob([`${JSON.stringify(kyc, null, 2)}\n`], { type: "application/json" }),
    fileName: `jengafund-identity-${nairobiDay(now)}.json`,
  };
}
