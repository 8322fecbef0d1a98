import { createContext } from "react";

export interface PaybillWatchValue {
  /**
   * The Paybill numbers are on screen from now until the returned function is called: a payment is awaited meanwhile
   * and for PAYBILL_WATCH.windowMs after, and its landing is announced on whichever page the customer is.
   */
  showingDetails(): () => void;
}

export const PaybillWatchContext = createContext<PaybillWatchValue | null>(null);
