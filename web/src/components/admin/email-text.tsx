import { Text, type TextProps } from "@chakra-ui/react";

/**
 * An email address that wraps where a reader would break it — before the @, keeping the domain whole — instead of
 * in the middle of a word, so a narrow column stays readable without widening its table. Only an address longer
 * than its column on either side of the @ breaks elsewhere: `anywhere`, unlike `break-word`, lets a table column be
 * narrower than the address's longest part, so a long address never pushes the table's last column out of view.
 */
export function EmailText({ email, ...props }: { email: string } & TextProps) {
  const at = email.lastIndexOf("@");
  return (
    <Text overflowWrap="anywhere" {...props}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}
