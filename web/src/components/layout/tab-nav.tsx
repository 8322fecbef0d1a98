import { Badge, Box, HStack, Link, VisuallyHidden } from "@chakra-ui/react";
import { NavLink } from "react-router-dom";

export interface Tab {
  to: string;
  label: string;
  /**
   * What waits behind the tab, e.g. adjustments for a second admin: a badge with the number, and the link's name
   * "Approvals 3 pending" for a screen reader. Nothing is shown while it is 0 or not known yet.
   */
  count?: { value: number; noun: string };
}

/** A badge stays a badge: beyond this it reads "99+". */
const MAX_SHOWN_COUNT = 99;

/**
 * The tab bar of an area. The tabs are links to routes (each tab has its own URL), so this is navigation with
 * aria-current rather than an ARIA tablist. On a narrow phone the tabs wrap onto a second row, so every tab is on
 * screen (a tab scrolled out of sight is a tab nobody finds) and the page never widens.
 */
export function TabNav({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  return (
    <Box as="nav" aria-label={label} borderBottomWidth="1px" mb="6">
      <HStack as="ul" columnGap="1" rowGap="0" wrap="wrap" listStyle="none">
        {tabs.map((tab) => {
          const count = tab.count && tab.count.value > 0 ? tab.count : undefined;
          return (
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
                {/* The name comes from the content, so it holds the visible text: "Approvals 3 pending". */}
                <NavLink to={tab.to}>
                  {tab.label}
                  {count && (
                    <>
                      {" "}
                      <Badge ms="1" size="sm" variant="solid" colorPalette="orange" borderRadius="full">
                        {count.value > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : count.value}
                      </Badge>
                      <VisuallyHidden> {count.noun}</VisuallyHidden>
                    </>
                  )}
                </NavLink>
              </Link>
            </li>
          );
        })}
      </HStack>
    </Box>
  );
}
