import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";

/**
 * Deep Kenyan-flag green as the brand palette. The solid shade is dark enough for white text to pass WCAG AA,
 * which matters for the many readers on phones outdoors.
 *
 * Chakra's own solid shades for green, orange, teal, pink and cyan (the 600s) carry white text at only 3.3–4.4:1
 * (e.g. white on green.600 #16a34a is 3.3:1), below AA's 4.5:1; their 700s pass (white on green.700 is 5.0:1, on
 * orange.700 5.2:1). Badges such as the risk levels and "Claimable Today" use these solid shades.
 */
const aaSolid = (palette: string) => ({ solid: { value: `{colors.${palette}.700}` } });
const config = defineConfig({
  globalCss: {
    html: { colorPalette: "brand" },
    body: { bg: "bg.subtle", color: "fg" },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#e7f5ec" },
          100: { value: "#c4e6d1" },
          200: { value: "#90cfaa" },
          300: { value: "#5bb582" },
          400: { value: "#2f9c60" },
          500: { value: "#0f8446" },
          600: { value: "#0a6e3a" },
          700: { value: "#075a30" },
          800: { value: "#054626" },
          900: { value: "#03321b" },
          950: { value: "#021f11" },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.200}" },
          subtle: { value: "{colors.brand.100}" },
          emphasized: { value: "{colors.brand.300}" },
          focusRing: { value: "{colors.brand.500}" },
        },
        // Chakra's fg.error (red.500, 3.8:1 on white) is below AA for a field's error text; red.700 is 6.5:1. Its
        // fg.success (green.600, 3.3:1) likewise; green.700 is 5.0:1.
        fg: { error: { value: "{colors.red.700}" }, success: { value: "{colors.green.700}" } },
        green: aaSolid("green"),
        orange: aaSolid("orange"),
        teal: aaSolid("teal"),
        pink: aaSolid("pink"),
        cyan: aaSolid("cyan"),
      },
    },
  },
});

/**
 * The app has no dark mode (nothing sets Chakra's `.dark` class), so each of Chakra's semantic tokens keeps only its
 * light value. The system is created in the browser on every page load, and the dark variants were more than half of
 * that work (about 54 → 21 ms in Node here, four times that on a mid-range phone); what is drawn does not change.
 */
type TokenTree = { [name: string]: TokenTree } | { value: unknown };
function lightValuesOnly(tree: TokenTree): TokenTree {
  if ("value" in tree) {
    const { value } = tree;
    return typeof value === "object" && value !== null && "_light" in value ? { ...tree, value: value._light } : tree;
  }
  return Object.fromEntries(Object.entries(tree).map(([name, child]) => [name, lightValuesOnly(child)]));
}

/**
 * Chakra's own theme, assembled here from its parts rather than taken as `defaultConfig`: the module that exports
 * `defaultConfig` also creates a complete system from it when it loads (dark values included), which the app never
 * uses and the browser paid for on every page load (about half the design system's boot step). Only the recipes of
 * the components the app draws are taken (test/design-system-recipes.test.ts finds them in Chakra's modules), which
 * keeps the other sixty out of the code every page downloads.
 */
const lightTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: lightValuesOnly(semanticTokens as TokenTree) as typeof semanticTokens,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

export const system = createSystem(defaultBaseConfig, lightTheme, config);
