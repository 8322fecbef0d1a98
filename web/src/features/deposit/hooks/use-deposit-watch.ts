import { useContext } from "react";
import { DepositWatchContext, type DepositWatchValue } from "../lib/deposit-watch-context";

export function useDepositWatch(): DepositWatchValue {
  const value = useContext(DepositWatchContext);
  if (!value) throw new Error("useDepositWatch must be used within a DepositWatchProvider");
  return value;
}
