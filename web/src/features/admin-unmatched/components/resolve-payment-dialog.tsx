import type { UnmatchedPayment } from "@jengafund/shared";
import { ReviewDetails, ReviewDialog } from "../../../components/admin/review-dialog";
import { isResolvable } from "../lib/unmatched-labels";
import { PaymentDetails } from "./payment-details";
import { ResolvePaymentForm } from "./resolve-payment-form";

interface ResolvePaymentDialogProps {
  payment: UnmatchedPayment;
  onClose: () => void;
}

/** 'Resolve Payment' for an unmatched payment, like the withdrawals' Process dialog; 'Payment Details' for any other. */
export function ResolvePaymentDialog({ payment, onClose }: ResolvePaymentDialogProps) {
  const resolvable = isResolvable(payment);
  return (
    <ReviewDialog title={resolvable ? "Resolve Payment" : "Payment Details"} onClose={onClose}>
      {(onSubmittingChange) =>
        resolvable ? (
          <ResolvePaymentForm
            payment={payment}
            onSubmittingChange={onSubmittingChange}
            onCancel={onClose}
            onResolved={onClose}
          />
        ) : (
          <ReviewDetails onClose={onClose}>
            <PaymentDetails payment={payment} />
          </ReviewDetails>
        )
      }
    </ReviewDialog>
  );
}
