import { marketing } from "../../../config/marketing";
import { paths } from "../../../config/paths";
import { formatKes } from "../../../lib/format";
import { toast } from "../../../lib/toast/toast";

/** The registration page with the code pre-filled (spec §2: ?ref). */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}${paths.register}?ref=${encodeURIComponent(code)}`;
}

export async function copyReferralLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Referral link copied to clipboard!");
  } catch {
    toast.error("Failed to copy link");
  }
}

/** The phone's share sheet where there is one; elsewhere, or if sharing fails, the link goes to the clipboard. */
export async function shareReferralLink(link: string): Promise<void> {
  if (typeof navigator.share !== "function") return copyReferralLink(link);
  try {
    await navigator.share({
      title: "Join me on JengaFund",
      text: `Sign up with my link and start investing with a ${formatKes(marketing.trialBalanceKes)} trial balance.`,
      url: link,
    });
  } catch (error) {
    // Closing the share sheet is a choice, not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    await copyReferralLink(link);
  }
}
