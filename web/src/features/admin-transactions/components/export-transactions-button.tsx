import { Button } from "@chakra-ui/react";
import { useState } from "react";
import { DownloadIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download-file";
import { nairobiDay } from "../../../lib/format";
import { toast } from "../../../lib/toast/toast";
import { exportTransactions } from "../api/export-transactions";
import type { TransactionFilters } from "../lib/transaction-filters";

/**
 * Downloads the list as filtered on screen, every page of it, as jengafund-transactions-YYYY-MM-DD.csv (the Nairobi
 * day, as the server names it; its times are Nairobi time too).
 */
export function ExportTransactionsButton({ filters }: { filters: TransactionFilters }) {
  const [exporting, setExporting] = useState(false);

  async function handleExport() {
    setExporting(true);
    try {
      const csv = await exportTransactions(filters);
      downloadFile(csv, `jengafund-transactions-${nairobiDay(new Date())}.csv`);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to export transactions"));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={handleExport} loading={exporting} loadingText="Exporting">
      <DownloadIcon />
      Export CSV
    </Button>
  );
}
