import { DataList } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** One line of a DetailsList: what it is, and its value. Labels are unique within a list. */
export type DetailRow = readonly [label: string, value: ReactNode];

interface DetailsListProps {
  rows: readonly DetailRow[];
  /** The room kept for the labels, so that the values line up; a list with longer labels asks for more. */
  labelMinW?: DataList.ItemLabelProps["minW"];
}

/** One record of an admin list, read-only in a dialog: a label and a value a line, the values wrapping anywhere. */
export function DetailsList({ rows, labelMinW = { base: "6.5rem", sm: "8.5rem" } }: DetailsListProps) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="3">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW={labelMinW}>{label}</DataList.ItemLabel>
          <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
