import { Container, Heading, Link, List, Stack, Text } from "@chakra-ui/react";
import {
  centsToKes,
  dailyRewardCents,
  formatKes,
  MAX_DEPOSIT_KES,
  MAX_PAYOUT_KES,
  MIN_DEPOSIT_KES,
  MIN_PAYOUT_KES,
  PAYBILL_CONFIRM_ABOVE_KES,
  PAYBILL_MAX_KES,
  PAYBILL_MIN_KES,
} from "@jengafund/shared";
import type { ReactNode } from "react";
import { RiskDisclosure } from "../../../components/ui/risk-disclosure";
import { marketing } from "../../../config/marketing";
import { supportContacts } from "../../../config/support";

/** The worked example of a daily reward: the same integer rule the server pays by (shared dailyRewardCents). */
const EXAMPLE = { amountKes: 1000, dailyRatePercent: 1.3 };
const exampleRewardKes = centsToKes(dailyRewardCents(EXAMPLE.amountKes * 100, EXAMPLE.dailyRatePercent));

/**
 * The Terms of Service the register form asks a new user to accept (design.md §12.7): what the platform is and is
 * not, in plain words, and the rules the server actually applies to money — rewards and maturity
 * (functions/src/services/investments.ts), trial money, withdrawals (payout numbers, limits) and referrals.
 */
export function TermsOfService() {
  return (
    <Container maxW="3xl" py={{ base: "8", md: "12" }}>
      <Stack gap="8">
        <Stack gap="3">
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
            Terms of Service
          </Heading>
          <Text color="fg.muted">
            These terms say in plain words what JengaFund is, what it does with your money and what it does not promise.
            Creating an account means you accept them, so please read them before you sign up.
          </Text>
        </Stack>

        <Section title="What JengaFund is, and what it is not">
          <Text>
            JengaFund is an online platform where you keep a wallet in Kenya shillings (KES), funded through M-Pesa, and
            buy investment packages named after Kenyan companies. Each package states a daily reward rate and a maturity
            date.
          </Text>
          <Points>
            <List.Item>
              <strong>JengaFund is not a bank.</strong> The money in your wallet is not a bank deposit: it is not
              insured, and no deposit protection scheme will pay it back if something goes wrong.
            </List.Item>
            <List.Item>Buying a package does not make you a shareholder of the company it is named after.</List.Item>
            <List.Item>Rewards are not guaranteed. You can lose the money you put in.</List.Item>
          </Points>
        </Section>

        <Section title="Trial money">
          <Points>
            <List.Item>
              A new account starts with {formatKes(marketing.trialBalanceKes)} of trial money: demo money to try
              packages with. It is not real money.
            </List.Item>
            <List.Item>
              Trial money and the rewards of packages bought with it stay in your trial balance. They can never be
              withdrawn and never turn into real money.
            </List.Item>
            <List.Item>
              When your first M-Pesa deposit completes, your account becomes an active account and new packages are paid
              from your wallet only.
            </List.Item>
          </Points>
        </Section>

        <Section title="Deposits">
          <Points>
            <List.Item>
              You deposit with an M-Pesa prompt on your phone, from {formatKes(MIN_DEPOSIT_KES)} to{" "}
              {formatKes(MAX_DEPOSIT_KES)} at a time, in whole shillings.
            </List.Item>
            <List.Item>
              Or you pay from the M-PESA menu (Lipa na M-PESA, Pay Bill) with our business number and your own account
              number, both shown under Deposit, Pay with Paybill: from {formatKes(PAYBILL_MIN_KES)} to{" "}
              {formatKes(PAYBILL_MAX_KES)} at a time.
            </List.Item>
            <List.Item>
              Your wallet is credited only when M-Pesa confirms the payment. While it waits, the app says so: do not pay
              a second time. A Paybill payment above {formatKes(PAYBILL_CONFIRM_ABOVE_KES)} is credited once M-Pesa's
              own record of it has been checked.
            </List.Item>
            <List.Item>
              A Paybill payment whose account number is not one of ours is kept, not lost: our admins credit it to the
              account it belongs to once they know whose it is.
            </List.Item>
          </Points>
        </Section>

        <Section title="Packages and daily rewards">
          <Points>
            <List.Item>
              A package's daily reward is the amount you invested times its daily rate, rounded down to the cent. For
              example, {formatKes(EXAMPLE.amountKes)} at {EXAMPLE.dailyRatePercent}% a day pays{" "}
              {formatKes(exampleRewardKes)} a day.
            </List.Item>
            <List.Item>
              You claim the reward yourself, once per calendar day in Nairobi time (a new day starts at midnight EAT). A
              day you do not claim is not paid later.
            </List.Item>
            <List.Item>
              Rewards go to the balance the package was bought with: your wallet for real money, your trial balance for
              trial money.
            </List.Item>
            <List.Item>
              A package you have bought keeps the rate and maturity date it had when you bought it, even if the package
              is changed or removed later.
            </List.Item>
          </Points>
        </Section>

        <Section title="What happens at maturity">
          <Points>
            <List.Item>
              <strong>
                On its maturity date, the amount you invested is paid back automatically into the balance you bought it
                with
              </strong>
              : your wallet for real money, your trial balance for trial money. It comes back once the day begins in
              Nairobi time, and you are told by SMS and email; your transaction history shows it as Capital Returned.
            </List.Item>
            <List.Item>Its daily rewards stop then: no reward can be claimed once an investment has matured.</List.Item>
            <List.Item>
              Capital back in your wallet can be invested again or withdrawn like any wallet money. Trial money that
              comes back stays trial money and can never be withdrawn.
            </List.Item>
            <List.Item>
              Withdrawing an investment before it matures is handled by our admins, on request; contact support.
            </List.Item>
          </Points>
        </Section>

        <Section title="Withdrawals">
          <Points>
            <List.Item>
              Only your wallet balance (real money) can be withdrawn, in whole shillings, from{" "}
              {formatKes(MIN_PAYOUT_KES)} to {formatKes(MAX_PAYOUT_KES)} at a time.
            </List.Item>
            <List.Item>
              Money is paid only to your registered phone number or to a number you have completed an M-Pesa deposit
              from, never to any other number.
            </List.Item>
            <List.Item>
              The amount leaves your wallet when you ask. An admin reviews every request before it is sent through
              M-Pesa; a request that is rejected, or a payout that fails, is returned to your wallet.
            </List.Item>
          </Points>
        </Section>

        <Section title="Fees">
          <Text>
            JengaFund charges no fee to deposit, invest, claim a reward or withdraw: when you withdraw {formatKes(500)},{" "}
            {formatKes(500)} is sent to M-Pesa. Safaricom may charge its own M-Pesa fees on your M-Pesa account; those
            are set by Safaricom, not by us.
          </Text>
        </Section>

        <Section title="Referrals">
          <Text>
            When someone registers with your referral code and then makes their first investment with deposited money
            (trial money does not count), you receive {formatKes(marketing.referralBonusKes)} in your wallet, once for
            each person you referred.
          </Text>
        </Section>

        <Section title="Your account">
          <Points>
            <List.Item>
              Keep your password to yourself and turn on two-factor sign-in. We will never ask for your password or your
              M-Pesa PIN.
            </List.Item>
            <List.Item>
              Our admins can deactivate an account, which then cannot sign in, and can correct a balance. Every change
              to your balance appears in your transaction history.
            </List.Item>
          </Points>
        </Section>

        <Section title="Risk">
          <RiskDisclosure color="fg" fontSize="md" />
        </Section>

        <Section title="Contact us">
          <Text>Questions about these terms, your money or your account go to our support team:</Text>
          <Points>
            <List.Item>
              Email: <Link href={`mailto:${supportContacts.email}`}>{supportContacts.email}</Link>
            </List.Item>
            <List.Item>
              Phone: <Link href={`tel:${supportContacts.phone.dial}`}>{supportContacts.phone.display}</Link>
            </List.Item>
            <List.Item>Hours: {supportContacts.hours}</List.Item>
          </Points>
        </Section>
      </Stack>
    </Container>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Points({ children }: { children: ReactNode }) {
  return (
    <List.Root gap="2" ps="5">
      {children}
    </List.Root>
  );
}
