import { Box } from "@chakra-ui/react";
import { SiteFooter } from "../../components/layout/site-footer";
import { CallToAction } from "../../features/landing/components/call-to-action";
import { CompanyList } from "../../features/landing/components/company-list";
import { FeatureTiles } from "../../features/landing/components/feature-tiles";
import { Hero } from "../../features/landing/components/hero";
import { HowItWorks } from "../../features/landing/components/how-it-works";
import { LandingHeader } from "../../features/landing/components/landing-header";

export function LandingRoute() {
  return (
    <>
      <LandingHeader />
      <Box as="main">
        <Hero />
        <CompanyList />
        <FeatureTiles />
        <HowItWorks />
        <CallToAction />
      </Box>
      <SiteFooter />
    </>
  );
}
