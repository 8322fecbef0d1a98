import { useContext } from "react";
import { PaybillWatchContext, type PaybillWatchValue } from "../lib/paybill-watch-context";

export function usePaybillWatch(): PaybillWatchValue {
  const value = useContext(PaybillWatchContext);
  if (!value) throw new Error("usePaybillWatch must be used within a PaybillWatchProvider");
  return value;
}
