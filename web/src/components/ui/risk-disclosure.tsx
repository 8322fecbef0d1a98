import { Text, type TextProps } from "@chakra-ui/react";

/** The plain risk statement design §5 requires on the landing page, the register page and the footer. */
export function RiskDisclosure(props: TextProps) {
  return (
    <Text fontSize="sm" color="fg.muted" {...props}>
      <strong>Risk warning:</strong> returns are not guaranteed and your capital is at risk. Past rewards do not predict
      future ones. Only invest money you can afford to lose.
    </Text>
  );
}
