import { Box } from "@chakra-ui/react";
import { SiteFooter } from "../../components/layout/site-footer";
import { LandingHeader } from "../../features/landing/components/landing-header";
import { TermsOfService } from "../../features/legal/components/terms-of-service";

/** A public page like the landing page: its header (sign in, get started), the terms, the footer with support. */
export function TermsRoute() {
  return (
    <>
      <LandingHeader />
      <Box as="main">
        <TermsOfService />
      </Box>
      <SiteFooter />
    </>
  );
}
