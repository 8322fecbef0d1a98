import { Box, HStack, Link } from "@chakra-ui/react";
import { NavLink } from "react-router-dom";

export interface Tab {
  to: string;
  label: string;
}

/**
 * The tab bar of an area. The tabs are links to routes (each tab has its own URL), so this is navigation with
 * aria-current rather than an ARIA tablist. On a narrow phone the tabs wrap onto a second row, so every tab is on
 * screen (a tab scrolled out of sight is a tab nobody finds) and the page never widens.
 */
export function TabNav({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  return (
    <Box as="nav" aria-label={label} borderBottomWidth="1px" mb="6">
      <HStack as="ul" columnGap="1" rowGap="0" wrap="wrap" listStyle="none">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              asChild
              display="block"
              // Tighter on phones, so the investor's four tabs fit a 360 px screen without scrolling.
              px={{ base: "2", md: "4" }}
              py="3"
              fontSize={{ base: "sm", md: "md" }}
              fontWeight="medium"
              color="fg.muted"
              borderBottomWidth="3px"
              borderColor="transparent"
              textDecoration="none"
              whiteSpace="nowrap"
              _hover={{ color: "fg", textDecoration: "none" }}
              _currentPage={{ color: "brand.fg", borderColor: "brand.solid" }}
            >
              <NavLink to={tab.to}>{tab.label}</NavLink>
            </Link>
          </li>
        ))}
      </HStack>
    </Box>
  );
}
