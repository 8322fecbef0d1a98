import { Card, Circle, Heading, HStack, List, Text } from "@chakra-ui/react";
import { marketing } from "../../../config/marketing";
import { formatKes } from "../../../lib/format";

const steps = [
  "Your friend signs up with your link",
  "They deposit via M-Pesa and make their first investment",
  `You get ${formatKes(marketing.referralBonusKes)} in your wallet`,
];

export function HowReferralsWork() {
  return (
    <Card.Root bg="bg">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          How it works
        </Heading>
        <List.Root as="ol" gap="3" listStyle="none">
          {steps.map((step, index) => (
            <List.Item key={step}>
              <HStack gap="3" align="center">
                <Circle size="8" bg="brand.solid" color="brand.contrast" fontWeight="bold" flexShrink="0">
                  {index + 1}
                </Circle>
                <Text>{step}</Text>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
        <Text fontSize="sm" color="fg.muted">
          The bonus is paid into your real wallet once, when your friend makes their first investment with deposited
          money.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
