import { KYC_ID_TYPE_LABELS, type KycView } from "@jengafund/shared";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { formatNairobiDateTime } from "../../../lib/format";

/** What the account has sent, its numbers masked as the server sends them. */
export function KycSummary({ kyc }: { kyc: KycView }) {
  const rows: DetailRow[] = [];
  if (kyc.idType) rows.push(["ID type", KYC_ID_TYPE_LABELS[kyc.idType]]);
  if (kyc.idNumberMasked) rows.push(["ID number", kyc.idNumberMasked]);
  if (kyc.kraPinMasked) rows.push(["KRA PIN", kyc.kraPinMasked]);
  if (kyc.submittedAt) rows.push(["Submitted", formatNairobiDateTime(kyc.submittedAt)]);
  if (kyc.decidedAt) rows.push(["Decided", formatNairobiDateTime(kyc.decidedAt)]);
  return rows.length > 0 ? <DetailsList rows={rows} /> : null;
}
